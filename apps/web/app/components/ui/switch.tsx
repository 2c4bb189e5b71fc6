import type { ButtonHTMLAttributes } from 'react'

/** What the switch takes: a button's attributes, whether it is on, and its name. */
export interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'role' | 'aria-checked' | 'children'> {
  checked: boolean
  /** The switch's accessible name ('Alert Buying: Leeds on'). */
  label: string
  /** The visible words beside the track for on and off (hidden from screen readers: the state is read out). */
  stateLabels?: { on: string; off: string }
}

/**
 * An on/off switch (ARIA role switch with aria-checked). It is a plain button, so as `type="submit"`
 * inside a form it works without JavaScript too; the caller owns the state.
 */
export function Switch({ checked, label, stateLabels, className, type = 'button', ...button }: SwitchProps) {
  return (
    <button {...button} type={type} role="switch" aria-checked={checked} aria-label={label} className={className ? `ui-switch ${className}` : 'ui-switch'}>
      <span className="ui-switch__track" aria-hidden="true" />
      {stateLabels && <span aria-hidden="true">{checked ? stateLabels.on : stateLabels.off}</span>}
    </button>
  )
}
