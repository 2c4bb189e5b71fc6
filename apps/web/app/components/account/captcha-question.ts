/** The names the captcha question and its answer post under (the login, lead and alert forms). */
export const QUESTION_TOKEN_FIELD = 'captcha_question'
export const QUESTION_ANSWER_FIELD = 'captcha_answer'

/** The words around the question (the lead and alert forms share them). */
export const QUESTION_COPY = {
  LEGEND: 'Check that you are not a robot',
  HINT: 'A word or a number is enough; capitals do not matter.',
  NEEDED: 'Please answer the question below so that we know you are not a robot.',
  /** Under a new question after a refused answer: a way on for a person who cannot get past it. */
  REFUSED_HELP: 'Each question takes one answer. If your answers keep being refused, please try again in an hour, or call us:',
  REFUSED_HELP_LINK: "our branches' phone numbers",
} as const
