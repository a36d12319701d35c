import type { Language } from '@/lib/preferences'

/**
 * What the store-information screens say about the shop on Olive Lane itself.
 * Static, in both languages: it changes as rarely as the shop's sign, so it
 * lives with the code rather than behind an API.
 */

type Bilingual = Record<Language, string>

export interface OpeningHours {
  day: Bilingual
  /** "10:00–19:00", or null when closed that day. */
  hours: string | null
}

// The week as the shop lives it: Sunday is a working day, Shabbat is closed.
export const OPENING_HOURS: readonly OpeningHours[] = [
  { day: { eng: 'Sunday', heb: 'יום ראשון' }, hours: '10:00–19:00' },
  { day: { eng: 'Monday', heb: 'יום שני' }, hours: '10:00–19:00' },
  { day: { eng: 'Tuesday', heb: 'יום שלישי' }, hours: '10:00–19:00' },
  { day: { eng: 'Wednesday', heb: 'יום רביעי' }, hours: '10:00–19:00' },
  { day: { eng: 'Thursday', heb: 'יום חמישי' }, hours: '10:00–21:00' },
  { day: { eng: 'Friday', heb: 'יום שישי' }, hours: '09:00–14:00' },
  { day: { eng: 'Saturday', heb: 'שבת' }, hours: null },
]

export const HOURS_NOTE: Bilingual = {
  eng: 'On the eves of holidays we close at 14:00, and we are closed on holidays.',
  heb: 'בערבי חג החנות נסגרת ב־14:00, ובחגים היא סגורה.',
}

// The shop's address is shared with the invoice.
export { ADDRESS } from '@/lib/storeAddress'

export const VIRTUAL_TOUR: Record<Language, readonly string[]> = {
  eng: [
    'Step in from the boulevard and the first room is the kitchen: stoneware mugs and bowls from local potters on long oak tables, with olive-wood boards and linen towels on the wall behind them.',
    'Through the arch is the reading room, with picture books at child height, novels in Hebrew and English, and two armchairs by the window for anyone who wants to read a chapter before deciding.',
    'At the back, the school corner holds notebooks, pencils and the season’s supply lists, and the gift table beside the counter is where we wrap what you buy, by hand.',
  ],
  heb: [
    'נכנסים מהשדרה, והחדר הראשון הוא המטבח: ספלים וקערות אבן של קדרים מקומיים על שולחנות אלון ארוכים, ועל הקיר שמאחוריהם קרשי עץ זית ומגבות פשתן.',
    'מבעד לקשת נמצא חדר הקריאה: ספרי תמונות בגובה העיניים של ילדים, ספרי קריאה בעברית ובאנגלית, ושתי כורסאות ליד החלון למי שרוצה לקרוא פרק לפני שמחליט.',
    'בחלק האחורי, פינת בית הספר מחזיקה מחברות, עפרונות ורשימות הציוד של העונה, ובשולחן המתנות שליד הקופה אנחנו עוטפים ביד את מה שקניתם.',
  ],
}
