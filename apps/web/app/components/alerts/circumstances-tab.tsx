import { useId } from 'react'
import type { AnswersByQuestionId, ApplicantQuestion, QuestionAnswerValue } from '@agency/domain'
import { ALERT_COPY } from '#app/components/alerts/alert-copy.ts'
import { FieldError, fieldErrorProps } from '#app/components/ui/field-error.tsx'

/** The name a question's answer is posted under. */
export const toQuestionField = (questionId: number) => `question_${questionId}`

interface CircumstancesTabProps {
  questions: readonly ApplicantQuestion[]
  answers: AnswersByQuestionId
  onAnswer: (questionId: number, answer: QuestionAnswerValue | null) => void
  /** Messages by field (each question's under toQuestionField), shown under the question. */
  errors: Readonly<Record<string, readonly string[]>>
}

/**
 * SPEC §2 Circumstances tab: the questions of GET /api/contact_questions/:type, a dropdown for a
 * question with options and a text field for one without; required ones are marked (SPEC §5 rule 5).
 */
export function CircumstancesTab({ questions, answers, onAnswer, errors }: CircumstancesTabProps) {
  const id = useId()
  if (questions.length === 0) return <p>{ALERT_COPY.NO_QUESTIONS}</p>
  return (
    <div className="alert-questions">
      {questions.map((question) => {
        const fieldId = `${id}-${question.contact_question_id}`
        const answer = answers[question.contact_question_id]
        const message = errors[toQuestionField(question.contact_question_id)]?.[0]
        const label = (
          <label htmlFor={fieldId} className="alert-field__label">
            {question.question}
            {question.is_required && (
              <>
                <span aria-hidden="true" className="alert-field__required">
                  {' '}
                  *
                </span>
                <span className="visually-hidden"> ({ALERT_COPY.REQUIRED})</span>
              </>
            )}
          </label>
        )
        return (
          <div key={question.contact_question_id} className="alert-field">
            {label}
            {question.contact_question_options.length > 0 ? (
              <select
                id={fieldId}
                name={toQuestionField(question.contact_question_id)}
                className="alert-field__input"
                value={answer === null || answer === undefined ? '' : String(answer)}
                aria-required={question.is_required || undefined}
                {...fieldErrorProps(fieldId, message)}
                onChange={(event) => {
                  const value = event.currentTarget.value
                  onAnswer(question.contact_question_id, value === '' ? null : Number(value))
                }}
              >
                <option value="">{ALERT_COPY.CHOOSE}</option>
                {question.contact_question_options.map((option) => (
                  <option key={option.contact_question_option_id} value={option.contact_question_option_id}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={fieldId}
                type="text"
                maxLength={255}
                name={toQuestionField(question.contact_question_id)}
                className="alert-field__input"
                value={typeof answer === 'string' ? answer : ''}
                aria-required={question.is_required || undefined}
                {...fieldErrorProps(fieldId, message)}
                onChange={(event) => onAnswer(question.contact_question_id, event.currentTarget.value)}
              />
            )}
            <FieldError fieldId={fieldId} message={message} className="alert-field__error" />
          </div>
        )
      })}
    </div>
  )
}
