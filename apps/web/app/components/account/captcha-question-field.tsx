import type { CaptchaQuestion } from '@agency/api-client'
import { QUESTION_ANSWER_FIELD, QUESTION_COPY, QUESTION_TOKEN_FIELD } from '#app/components/account/captcha-question.ts'

/** Where the branches and their phone numbers are listed. */
const BRANCHES_PATH = '/branches'

/** The class names of the form the question sits in. */
export interface QuestionFieldClasses {
  field: string
  legend: string
  label: string
  input: string
  hint: string
}

/**
 * The captcha question asked of a form posted without the browser captcha's token (question-challenge.ts
 * in the API): the question as the label of its answer, a hint, and the question's token, posted back
 * with the answer. Rendered only into the page that answers a post, never into one a cache keeps.
 */
export function CaptchaQuestionField(props: { question: CaptchaQuestion; id: string; classes: QuestionFieldClasses; invalid?: boolean; hint?: string }) {
  const { question, id, classes, invalid } = props
  return (
    <fieldset key={question.token} className={classes.field}>
      <legend className={classes.legend}>{QUESTION_COPY.LEGEND}</legend>
      <label className={classes.label} htmlFor={`${id}-question`}>
        {question.text}
      </label>
      <input
        id={`${id}-question`}
        name={QUESTION_ANSWER_FIELD}
        type="text"
        autoComplete="off"
        maxLength={32}
        className={classes.input}
        aria-describedby={`${id}-question-hint`}
        aria-invalid={invalid || undefined}
      />
      <p id={`${id}-question-hint`} className={classes.hint}>
        {props.hint ?? QUESTION_COPY.HINT}
        {invalid && (
          <>
            {` ${QUESTION_COPY.REFUSED_HELP} `}
            <a href={BRANCHES_PATH}>{QUESTION_COPY.REFUSED_HELP_LINK}</a>.
          </>
        )}
      </p>
      <input type="hidden" name={QUESTION_TOKEN_FIELD} value={question.token} />
    </fieldset>
  )
}
