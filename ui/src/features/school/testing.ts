import type { GradeLists, ListAnswer, ListItem, ListProduct, School, SchoolsNear } from './api'

// The demo schools and Grade 3's classroom list, as the API answers them, for this
// feature's tests. Each factory takes overrides so a test states only what it is about.

export const kindergarten = { id: 11, name: 'Kindergarten', heb_name: 'גן חובה' }
export const gradeThree = { id: 12, name: 'Grade 3', heb_name: 'כיתה ג׳' }

/** Chelsea Elementary, 0.2 miles from 10001. */
export function chelsea(overrides: Partial<School> = {}): School {
  return {
    id: 1,
    name: 'Chelsea Elementary School',
    heb_name: 'בית הספר היסודי צ׳לסי',
    country: 'US',
    postal_code: '10001',
    address: '310 W 25th St, New York, NY',
    heb_address: 'רחוב 25 מערב 310, ניו יורק',
    distance_m: 370,
    grades: [kindergarten, gradeThree],
    ...overrides,
  }
}

/** Brooklyn Heights Primary, 5.1 miles from 10001. */
export function brooklyn(overrides: Partial<School> = {}): School {
  return {
    id: 2,
    name: 'Brooklyn Heights Primary',
    heb_name: 'בית הספר היסודי ברוקלין הייטס',
    country: 'US',
    postal_code: '11201',
    address: '80 Montague St, Brooklyn, NY',
    heb_address: 'רחוב מונטגיו 80, ברוקלין',
    distance_m: 8250,
    grades: [
      { id: 21, name: 'Grade 1', heb_name: 'כיתה א׳' },
      { id: 22, name: 'Grade 5', heb_name: 'כיתה ה׳' },
    ],
    ...overrides,
  }
}

export function schoolsNear(overrides: Partial<SchoolsNear> = {}): SchoolsNear {
  return { country: 'US', zip: '10001', by_distance: true, schools: [chelsea(), brooklyn()], ...overrides }
}

export const classroom = {
  id: 121,
  name: 'Classroom supplies',
  heb_name: 'ציוד לכיתה',
  note: 'Bring everything in the first week. Optional items help but are not required.',
  heb_note: 'נא להביא הכול בשבוע הראשון. פריטי הרשות עוזרים אך אינם חובה.',
}
export const artClass = {
  id: 122,
  name: 'Art class',
  heb_name: 'שיעור אומנות',
  note: 'Smocks are provided; paints stay in the classroom.',
  heb_note: 'חלוקי עבודה יינתנו בכיתה; הצבעים נשארים בכיתה.',
}

/** Grade 3 of Chelsea, with its two lists. */
export function gradeLists(overrides: Partial<GradeLists> = {}): GradeLists {
  return {
    school: chelsea({ distance_m: undefined }),
    grade: gradeThree,
    lists: [
      { ...classroom, items: 6 },
      { ...artClass, items: 1 },
    ],
    ...overrides,
  }
}

function listProduct(overrides: Partial<ListProduct> & Pick<ListProduct, 'id' | 'title'>): ListProduct {
  return {
    type: 'product',
    product_id: overrides.id,
    path: `/products/item/${overrides.id}`,
    price: 450,
    max: 10,
    options: [],
    ...overrides,
  }
}

export const pencils = listProduct({
  id: 1042,
  title: 'HB Graphite Pencils, 12-Pack',
  heb_title: 'עפרונות גרפיט HB, מארז 12',
  price: 450,
})
export const notebookA5 = listProduct({
  type: 'variation',
  id: 104801,
  product_id: 1048,
  title: 'Spiral Notebook, Ruled',
  heb_title: 'מחברת ספירלה בשורות',
  price: 499,
  options: [{ name: 'Size', value: 'A5', heb_name: 'גודל' }],
})
export const notebookA4 = listProduct({
  ...notebookA5,
  id: 104802,
  price: 699,
  fake_price: 799,
  options: [{ name: 'Size', value: 'A4', heb_name: 'גודל' }],
})
export const markers = listProduct({
  id: 1046,
  title: 'Washable Markers, 16 Colors',
  heb_title: 'טושים רחיצים, 16 צבעים',
  price: 999,
  max: 0,
})
export const fineLiners = listProduct({
  id: 1045,
  title: 'Fine-Liner Pens, 10 Colors',
  heb_title: 'עטי פיין-ליינר, 10 צבעים',
  price: 1499,
})
export const crayons = listProduct({
  id: 1052,
  title: 'Beeswax Crayons, 16 Colors',
  heb_title: 'צבעי שעוות דבורים, 16 גוונים',
  price: 1099,
})
export const ruler = listProduct({ id: 1055, title: 'Wooden Ruler, 30 cm', heb_title: 'סרגל עץ, 30 ס״מ', price: 350 })
export const coloredPencils = listProduct({
  id: 1044,
  title: 'Colored Pencils, 24 Colors',
  heb_title: 'עפרונות צבעוניים, 24 גוונים',
  price: 1299,
})
export const backpack = listProduct({
  type: 'variation',
  id: 105701,
  product_id: 1057,
  title: 'Everyday School Backpack',
  heb_title: 'תיק גב יומיומי לבית הספר',
  price: 5900,
  fake_price: 6900,
  options: [{ name: 'Color', value: 'Navy', heb_name: 'צבע', heb_value: 'כחול נייבי' }],
})

function listItem(position: number, product: ListProduct, overrides: Partial<ListItem> = {}): ListItem {
  return { position, product, quantity: 1, optional: false, substitutes: [], offered: [], ...overrides }
}

/** Grade 3's classroom list: the markers are out of stock, so their substitutes are offered. */
export function classroomItems(): ListItem[] {
  return [
    listItem(0, pencils, { quantity: 2 }),
    listItem(1, notebookA5, { quantity: 3, substitutes: [notebookA4] }),
    listItem(2, markers, { substitutes: [fineLiners, crayons], offered: [0, 1] }),
    listItem(3, ruler),
    listItem(4, coloredPencils, { optional: true }),
    listItem(5, backpack, { optional: true }),
  ]
}

export function listAnswer(overrides: Partial<ListAnswer> = {}): ListAnswer {
  return {
    school: chelsea({ distance_m: undefined }),
    grade: gradeThree,
    list: classroom,
    items: classroomItems(),
    ...overrides,
  }
}
