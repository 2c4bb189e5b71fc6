import { useId } from 'react'
import type { Option } from '@agency/domain'
import { FieldError, fieldErrorProps } from '#app/components/ui/field-error.tsx'
import { RequiredMark } from '#app/components/ui/required-mark.tsx'

type Bound = 'min' | 'max'

interface RangeSelectProps {
  legend: string
  labels: Record<Bound, string>
  names: Record<Bound, string>
  options: Record<Bound, readonly Option<number | null>[]>
  values: Record<Bound, number | null>
  /** The label of a value the URL holds that is not one of the options (a link made elsewhere). */
  toLabel: (value: number) => string
  onChange: (bound: Bound, value: number | null) => void
  className?: string
  /** Both bounds must be chosen (an alert's price: SPEC §5 submit rules 3 and 4). */
  required?: boolean
  /** Each bound's message, shown under its dropdown. */
  errors?: Partial<Record<Bound, string | undefined>>
}

// A select's value is a string: '' stands for null (SPEC §3: no min / no max).
const toValue = (value: number | null) => (value === null ? '' : String(value))
const fromValue = (value: string) => (value === '' ? null : Number(value))

/**
 * A min and max dropdown pair under one legend (price, bedrooms, bathrooms, receptions), named after
 * the API's query parameters so the form works without JavaScript.
 */
export function RangeSelect({ legend, labels, names, options, values, toLabel, onChange, className, required = false, errors = {} }: RangeSelectProps) {
  const id = useId()
  return (
    <fieldset className={`range-select ${className ?? ''}`}>
      <legend className="search-field__label">
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className="range-select__pair">
        {(['min', 'max'] as const).map((bound) => {
          const value = values[bound]
          const known = options[bound].some((option) => option.value === value)
          return (
            <div key={bound} className="range-select__field">
              <label htmlFor={`${id}-${bound}`} className="visually-hidden">
                {labels[bound]}
              </label>
              <select
                id={`${id}-${bound}`}
                name={names[bound]}
                className="search-field__select"
                value={toValue(value)}
                aria-required={required || undefined}
                {...fieldErrorProps(`${id}-${bound}`, errors[bound])}
                onChange={(event) => onChange(bound, fromValue(event.currentTarget.value))}
              >
                {options[bound].map((option) => (
                  <option key={toValue(option.value)} value={toValue(option.value)}>
                    {option.label}
                  </option>
                ))}
                {!known && value !== null && <option value={toValue(value)}>{toLabel(value)}</option>}
              </select>
              <FieldError fieldId={`${id}-${bound}`} message={errors[bound]} className="range-select__error" />
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
