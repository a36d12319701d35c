import type { Language } from './preferences'

type Bilingual = Record<Language, string>

/** Where the shop on Olive Lane is: the store-information screens and the invoice show it. */
export const ADDRESS: { lines: Record<Language, readonly string[]>; phone: string; directions: Bilingual } = {
  lines: {
    eng: ['Olive Lane', '12 HaZayit Boulevard', 'Tel Aviv-Yafo 6810412', 'Israel'],
    heb: ['שדרת הזית', 'שדרות הזית 12', 'תל אביב-יפו 6810412', 'ישראל'],
  },
  phone: '+972-3-555-0142',
  directions: {
    eng: 'A five-minute walk from the Carmel Market light-rail station. Bicycle racks stand by the door, and the public car park on HaZayit Street is two minutes away.',
    heb: 'חמש דקות הליכה מתחנת הרכבת הקלה שוק הכרמל. ליד הכניסה יש מתקן לאופניים, והחניון הציבורי ברחוב הזית נמצא במרחק שתי דקות.',
  },
}
