/**
 * The on-screen keyboard (spec 9): the Hebrew letters in the rows of the Israeli
 * standard layout (SI-1452), and a shift layer of digits and symbols. Keys in braces
 * are simple-keyboard's function keys.
 */
export const hebrewLayout = {
  default: ["/ ' ק ר א ט ו ן ם פ {bksp}", 'ש ד ג כ ע י ח ל ך ף', 'ז ס ב ה נ מ צ ת ץ', '{shift} {space}'],
  shift: ['1 2 3 4 5 6 7 8 9 0 {bksp}', '- + = ( ) & % $ # @', '! ? , . : ; " * _', '{shift} {space}'],
}

export type KeyboardLayer = keyof typeof hebrewLayout

/** The letter keys, space separated as simple-keyboard's button lists are. */
export const HEBREW_LETTERS = hebrewLayout.default
  .join(' ')
  .split(' ')
  .filter((key) => /^[\u05D0-\u05EA]$/.test(key))
  .join(' ')
