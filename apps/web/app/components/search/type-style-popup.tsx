import { useEffect, useId, useRef, useState } from 'react'
import * as Dialog from '@radix-ui/react-dialog'
import { LABELS, PROPERTY_STYLES, PROPERTY_TYPES, findTypeSelection, getEffectiveStyleIds, isStyleSelected } from '@agency/domain'
import type { SearchPanelTheme, TypeSelectionAction, TypeSelectionState } from '@agency/domain'
import { COPY } from '#app/copy.ts'
import { useReturnFocus } from '#app/components/ui/return-focus.ts'

interface TypeStylePopupProps {
  types: TypeSelectionState
  dispatch: (action: TypeSelectionAction) => void
  theme: SearchPanelTheme
}

/**
 * SPEC §2/§4 'Other / Advanced' popup: the type list, and the chosen type's style list with All and
 * Clear. It edits a working copy: Save keeps it, Cancel (or Escape, or a click outside) discards it.
 * On a phone it is two steps, types first and then the styles with a way back; on wider screens the
 * two lists stand side by side. Closed, it gives focus back to the 'Other / Advanced' button.
 */
export default function TypeStylePopup({ types, dispatch, theme }: TypeStylePopupProps) {
  const returnFocus = useReturnFocus()
  const stylesHeadingId = useId()
  const [step, setStep] = useState<'types' | 'styles'>('types')
  const backRef = useRef<HTMLButtonElement>(null)
  const typeListRef = useRef<HTMLUListElement>(null)
  const working = types.working ?? []
  const active = PROPERTY_TYPES.find((type) => type.property_type_id === types.activeTypeId) ?? PROPERTY_TYPES[0]
  const styles = PROPERTY_STYLES.filter((style) => style.property_type_id === active.property_type_id)

  // On a phone each step hides the other, and with it the button just pressed; focus follows to the
  // step now shown instead of dropping to the page. Wider screens show both, and focus stays put.
  useEffect(() => {
    const focused = document.activeElement
    if (!(focused instanceof HTMLElement) || focused.getClientRects().length > 0) return
    if (step === 'styles') backRef.current?.focus()
    else typeListRef.current?.querySelector<HTMLButtonElement>('[aria-current="true"]')?.focus()
  }, [step])

  return (
    <Dialog.Root open onOpenChange={(open) => !open && dispatch({ type: 'cancelled' })}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay dialog-overlay--raised" />
        <Dialog.Content {...returnFocus} className={`type-popup search-theme--${theme}`} data-step={step}>
          <div className="type-popup__header">
            <Dialog.Title className="type-popup__title">{LABELS.OTHER_ADVANCED}</Dialog.Title>
            <Dialog.Close className="dialog-close" aria-label={COPY.CLOSE}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <Dialog.Description className="type-popup__description">{COPY.TYPE_STYLE_DESCRIPTION}</Dialog.Description>
          <div className="type-popup__columns">
            <section className="type-popup__types" aria-label={COPY.TYPES}>
              <ul ref={typeListRef} className="type-popup__type-list" role="list">
                {PROPERTY_TYPES.map((type) => {
                  const entry = findTypeSelection(working, type.property_type_id)
                  const total = PROPERTY_STYLES.filter((style) => style.property_type_id === type.property_type_id).length
                  const chosen = entry ? getEffectiveStyleIds(entry).length : 0
                  const current = type.property_type_id === active.property_type_id
                  return (
                    <li key={type.property_type_id}>
                      <button
                        type="button"
                        className="type-popup__type"
                        aria-current={current ? 'true' : undefined}
                        aria-label={`${COPY.SHOW_STYLES_OF(type.name)}, ${COPY.STYLES_CHOSEN(chosen, total)}`}
                        onClick={() => {
                          dispatch({ type: 'typeShown', propertyTypeId: type.property_type_id })
                          setStep('styles')
                        }}
                      >
                        <span>{type.name}</span>
                        <span className="type-popup__count" data-chosen={chosen > 0 || undefined}>
                          {COPY.STYLES_CHOSEN(chosen, total)}
                        </span>
                      </button>
                    </li>
                  )
                })}
              </ul>
            </section>
            <section className="type-popup__styles" aria-labelledby={stylesHeadingId}>
              <button ref={backRef} type="button" className="type-popup__back" onClick={() => setStep('types')}>
                <span aria-hidden="true">‹</span> {COPY.BACK_TO_TYPES}
              </button>
              <fieldset className="type-popup__style-set">
                <legend id={stylesHeadingId} className="type-popup__styles-heading">
                  {COPY.STYLES_OF(active.name)}
                </legend>
                <div className="type-popup__style-actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => dispatch({ type: 'allStylesSelected', propertyTypeId: active.property_type_id })}
                  >
                    {LABELS.ALL}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => dispatch({ type: 'stylesCleared', propertyTypeId: active.property_type_id })}
                  >
                    {LABELS.CLEAR}
                  </button>
                </div>
                <ul className="type-popup__style-list" role="list">
                  {styles.map((style) => (
                    <li key={style.property_style_id}>
                      <label className="check">
                        <input
                          type="checkbox"
                          checked={isStyleSelected(working, active.property_type_id, style.property_style_id)}
                          onChange={() =>
                            dispatch({ type: 'styleToggled', propertyTypeId: active.property_type_id, propertyStyleId: style.property_style_id })
                          }
                        />
                        <span>{style.name}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            </section>
          </div>
          <div className="type-popup__footer">
            <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'cancelled' })}>
              {LABELS.CANCEL}
            </button>
            <button type="button" className="button" onClick={() => dispatch({ type: 'saved' })}>
              {LABELS.SAVE}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
