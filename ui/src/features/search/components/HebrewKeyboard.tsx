import { useEffect, useRef, useState } from 'react'
import KeyboardReact from 'react-simple-keyboard'
// Only this lazily loaded chunk pulls in the keyboard's stylesheet.
import 'react-simple-keyboard/build/css/index.css'
import { useT } from '@/lib/i18n'
import { HEBREW_LETTERS, hebrewLayout, type KeyboardLayer } from '../hebrewLayout'
import { messages } from '../messages'
import styles from './Search.module.css'

interface KeyboardProps {
  /** Adds characters at the end of the search text. */
  onType: (characters: string) => void
  /** Removes the last character of the search text. */
  onErase: () => void
}

/**
 * The on-screen Hebrew keyboard (spec 2.7, 9), an extra way to type into the overlay's
 * input. simple-keyboard types on pointer down and repeats a held key after 500 ms
 * every 100 ms. Its keys are real buttons, so they can also be reached with Tab and
 * pressed with Enter or Space.
 */
export function HebrewKeyboard({ onType, onErase }: KeyboardProps) {
  const t = useT(messages)
  const [layer, setLayer] = useState<KeyboardLayer>('default')
  const group = useRef<HTMLDivElement>(null)
  // A key pressed from the keyboard whose button is redrawn (the layer switch) keeps focus.
  const refocus = useRef<string | null>(null)

  const press = (key: string) => {
    if (key === '{shift}') setLayer((current) => (current === 'default' ? 'shift' : 'default'))
    else if (key === '{bksp}') onErase()
    else onType(key === '{space}' ? ' ' : key)
  }

  // simple-keyboard acts on pointer down only. A click with no pointer behind it
  // (detail 0: Enter or Space on the focused button, or a screen reader's activation)
  // presses the key here; a pointer's click (detail ≥ 1) was already typed.
  const latestPress = useRef(press)
  useEffect(() => {
    latestPress.current = press
  })
  useEffect(() => {
    const element = group.current
    if (!element) return
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest('[data-skbtn]') : null
      const key = button?.getAttribute('data-skbtn')
      if (event.detail !== 0 || !key) return
      if (key === '{shift}') refocus.current = key
      latestPress.current(key)
    }
    element.addEventListener('click', onClick)
    return () => {
      element.removeEventListener('click', onClick)
    }
  }, [])

  return (
    // The physical key order stays left to right in the Hebrew interface too.
    <div ref={group} role="group" aria-label={t('keyboard')} dir="ltr" className={styles.keyboard}>
      <KeyboardReact
        layout={hebrewLayout}
        layoutName={layer}
        useButtonTag
        // It keeps its own copy of the text; the overlay's input is the one that counts.
        disableCaretPositioning
        display={{ '{bksp}': '⌫', '{shift}': layer === 'default' ? '123' : 'אבג', '{space}': t('space') }}
        buttonAttributes={[
          { attribute: 'type', value: 'button' },
          { attribute: 'aria-label', value: t('erase'), buttons: '{bksp}' },
          { attribute: 'aria-label', value: layer === 'default' ? t('digits') : t('letters'), buttons: '{shift}' },
          { attribute: 'lang', value: 'he', buttons: HEBREW_LETTERS },
        ]}
        onKeyPress={press}
        onRender={() => {
          const key = refocus.current
          if (!key) return
          refocus.current = null
          group.current?.querySelector<HTMLElement>(`[data-skbtn="${key}"]`)?.focus()
        }}
      />
    </div>
  )
}
