import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEY } from '@/lib/persist'
import { answer, stubApi } from '@/testing/api'
import { departments, zipAnswer } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { artClass, brooklyn, chelsea, classroom, gradeLists, gradeThree, kindergarten, schoolsNear } from '../testing'

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const countries = [
  { value: 'CA', label: 'Canada', heb_label: 'קנדה' },
  { value: 'IL', label: 'Israel', heb_label: 'ישראל' },
  { value: 'US', label: 'United States', heb_label: 'ארצות הברית' },
]

type Routes = Parameters<typeof stubApi>[0]

/** The API with the departments and countries every page may ask for, plus `routes`. */
const stub = (routes: Routes = {}) =>
  stubApi({ '/api/categories': departments, '/api/countries': countries, ...routes })

/** What this browser remembers of the shopper (their language, their location). */
const remember = (entries: Record<string, unknown>) => {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(entries))
}

/** The trail's links and the current page, as read out. */
function crumbs(language: 'eng' | 'heb' = 'eng') {
  const trail = screen.getByRole('navigation', { name: language === 'eng' ? 'Breadcrumb' : 'פירורי לחם' })
  const links = within(trail)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
  return { links, current: trail.querySelector('[aria-current="page"]')?.textContent }
}

describe('School supplies (/school)', () => {
  it('fills in the shopper’s stored ZIP and country, and goes to the schools near it', async () => {
    remember({ zipLookUp: zipAnswer({ zip: 'M5V 3L9', country: 'CA', city: 'Toronto', state: 'ON' }) })
    stub()
    const { router } = renderApp('/school')
    expect(await screen.findByRole('heading', { level: 1, name: 'School Supplies' })).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Find your school' })
    const zip = within(form).getByRole('textbox', { name: 'ZIP or postal code' })
    expect(zip).toHaveValue('M5V 3L9')
    await waitFor(() => {
      expect(within(form).getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('Canada')
    })
    expect(crumbs()).toEqual({ links: [['Home', '/']], current: 'School supplies' })
    await waitFor(() => {
      expect(document.title).toBe('School Supplies | Olive Lane')
    })

    await userEvent.setup().click(within(form).getByRole('button', { name: 'Find schools' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/school/select-your-school/CA/M5V%203L9')
    })
  })

  it('starts in the US, takes the location that arrives after the page opened, and keeps what the shopper typed', async () => {
    stub({ '/api/zip_code': zipAnswer() })
    const { router } = renderApp('/school')
    const zip = await screen.findByRole('textbox', { name: 'ZIP or postal code' })
    await waitFor(() => {
      expect(zip).toHaveValue('10001')
    })
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('US')

    const user = userEvent.setup()
    await user.clear(zip)
    await user.type(zip, '11201')
    await user.click(screen.getByRole('button', { name: 'Find schools' }))
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/school/select-your-school/US/11201')
    })
  })

  it('says at the field when the code is blank, and goes nowhere', async () => {
    stub()
    const { router } = renderApp('/school')
    const zip = await screen.findByRole('textbox', { name: 'ZIP or postal code' })
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Find schools' }))
    expect(zip).toHaveAttribute('aria-invalid', 'true')
    expect(zip).toHaveAccessibleDescription('We list the schools nearest to it. Enter a ZIP or postal code.')
    expect(zip).toHaveFocus()
    expect(router.state.location.pathname).toBe('/school')

    await user.type(zip, '10001')
    expect(zip).toHaveAttribute('aria-invalid', 'false')
    expect(screen.queryByText('Enter a ZIP or postal code.')).not.toBeInTheDocument()
  })

  it('speaks Hebrew, right to left', async () => {
    remember({ language: 'heb' })
    stub()
    renderApp('/school')
    expect(await screen.findByRole('heading', { level: 1, name: 'ציוד לבית הספר' })).toBeInTheDocument()
    expect(document.documentElement).toHaveAttribute('dir', 'rtl')
    expect(screen.getByRole('textbox', { name: 'מיקוד' })).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'ארץ' })).toHaveDisplayValue('ארצות הברית')
    })
    expect(screen.getByRole('button', { name: 'חיפוש בתי ספר' })).toBeInTheDocument()
    expect(crumbs('heb')).toEqual({ links: [['דף הבית', '/']], current: 'ציוד לבית הספר' })
    await userEvent.setup().click(screen.getByRole('button', { name: 'חיפוש בתי ספר' }))
    expect(screen.getByText('נא לכתוב מיקוד.')).toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('ציוד לבית הספר | Olive Lane')
    })
  })
})

describe('Select your school', () => {
  const PATH = '/school/select-your-school/US/10001'

  it('lists the schools nearest first, with how far each is and its grades', async () => {
    const requested = stub({ '/api/schools': schoolsNear() })
    renderApp(PATH)
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your School' })).toBeInTheDocument()
    const asked = requested.find((url) => url.pathname === '/api/schools')
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({ country: 'US', zip: '10001' })

    const schools = [...screen.getByRole('list', { name: 'Schools' }).children]
    expect(schools).toHaveLength(2)
    const [first, second] = schools as [HTMLElement, HTMLElement]
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Chelsea Elementary School')
    expect(first).toHaveTextContent('310 W 25th St, New York, NY')
    expect(first).toHaveTextContent('0.2 mi away')
    const grades = within(first).getByRole('list', { name: 'Grades at Chelsea Elementary School' })
    expect(within(grades).getByRole('link', { name: 'Kindergarten' })).toHaveAttribute(
      'href',
      '/school/select-your-grade/11',
    )
    expect(within(grades).getByRole('link', { name: 'Grade 3' })).toHaveAttribute(
      'href',
      '/school/select-your-grade/12',
    )
    expect(within(second).getByRole('heading', { level: 2 })).toHaveTextContent('Brooklyn Heights Primary')
    expect(second).toHaveTextContent('5.1 mi away')

    await waitFor(() => {
      expect(screen.getByText(/^Schools near 10001, United States/)).toBeInTheDocument()
    })
    expect(screen.getByRole('link', { name: 'Change the ZIP or postal code' })).toHaveAttribute('href', '/school')
    expect(crumbs()).toEqual({
      links: [
        ['Home', '/'],
        ['School supplies', '/school'],
      ],
      current: 'Select your school',
    })
    expect(screen.queryByText(/listed by name/)).not.toBeInTheDocument()
    await waitFor(() => {
      expect(document.title).toBe('Select Your School | Olive Lane')
    })
  })

  it('gives distances in kilometres outside the US', async () => {
    const bialik = chelsea({
      id: 5,
      name: 'Bialik Elementary School',
      heb_name: 'בית הספר היסודי ביאליק',
      country: 'IL',
      postal_code: '6423901',
      address: 'Bialik St 14, Tel Aviv',
      heb_address: 'רחוב ביאליק 14, תל אביב',
      distance_m: 1234,
    })
    stub({ '/api/schools': schoolsNear({ country: 'IL', zip: '6423901', schools: [bialik] }) })
    renderApp('/school/select-your-school/IL/6423901')
    expect(await screen.findByText('1.2 km away')).toBeInTheDocument()
  })

  it('says when the code could not be placed and the schools come by name', async () => {
    const byName = [brooklyn({ distance_m: undefined }), chelsea({ distance_m: undefined })]
    stub({ '/api/schools': schoolsNear({ by_distance: false, zip: '00501', schools: byName }) })
    renderApp('/school/select-your-school/US/00501')
    expect(
      await screen.findByText('We couldn’t tell where 00501 is, so the schools are listed by name, without distances.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/mi away/)).not.toBeInTheDocument()
    const schools = screen.getByRole('list', { name: 'Schools' })
    expect(
      within(schools)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Brooklyn Heights Primary', 'Chelsea Elementary School'])
  })

  it('says when no school is found for the code, with the way to try another', async () => {
    stub({ '/api/schools': schoolsNear({ zip: '99950', schools: [] }) })
    renderApp('/school/select-your-school/US/99950')
    expect(await screen.findByText('We found no schools for 99950.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Try another ZIP or postal code' })).toHaveAttribute('href', '/school')
    expect(screen.queryByRole('list', { name: 'Schools' })).not.toBeInTheDocument()
  })

  it('shows why the server refused the code, with the way back', async () => {
    stub({
      '/api/schools': answer(400, { message: 'zipCode: a US ZIP code is five digits, or five, a hyphen and four' }),
    })
    renderApp('/school/select-your-school/US/1234')
    const alert = await within(screen.getByRole('main')).findByRole('alert')
    expect(alert).toHaveTextContent('A US ZIP code is five digits, or five, a hyphen and four.')
    expect(within(alert).getByRole('link', { name: 'Try another ZIP or postal code' })).toHaveAttribute(
      'href',
      '/school',
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Select Your School' })).toBeInTheDocument()
  })

  it('speaks Hebrew: the schools’ Hebrew names and addresses, and the distance', async () => {
    remember({ language: 'heb' })
    stub({ '/api/schools': schoolsNear() })
    renderApp(PATH)
    expect(await screen.findByRole('heading', { level: 1, name: 'בחירת בית ספר' })).toBeInTheDocument()
    const name = screen.getByRole('heading', { level: 2, name: 'בית הספר היסודי צ׳לסי' })
    expect(name).toHaveAttribute('lang', 'he')
    expect(screen.getByText('רחוב 25 מערב 310, ניו יורק')).toBeInTheDocument()
    expect(screen.getByText('במרחק 0.2 מייל')).toBeInTheDocument()
    const grades = screen.getByRole('list', { name: 'הכיתות של בית הספר היסודי צ׳לסי' })
    expect(within(grades).getByRole('link', { name: 'כיתה ג׳' })).toHaveAttribute(
      'href',
      '/school/select-your-grade/12',
    )
    await waitFor(() => {
      expect(screen.getByText(/^בתי ספר ליד 10001, ארצות הברית/)).toBeInTheDocument()
    })
    expect(screen.getByRole('link', { name: 'שינוי המיקוד' })).toHaveAttribute('href', '/school')
    expect(crumbs('heb').current).toBe('בחירת בית ספר')
  })
})

describe('Select your grade', () => {
  const PATH = '/school/select-your-grade/12'

  it('shows the school and grade, its lists as links, and the school’s other grades', async () => {
    stub({ '/api/schools/grades/12': gradeLists() })
    renderApp(PATH)
    expect(await screen.findByRole('heading', { level: 1, name: 'Grade 3' })).toBeInTheDocument()
    expect(screen.getByText('Chelsea Elementary School')).toBeInTheDocument()
    expect(screen.getByText('310 W 25th St, New York, NY')).toBeInTheDocument()

    const lists = screen.getByRole('region', { name: 'Supply lists' })
    const [first, second] = within(lists).getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect(within(first).getByRole('link', { name: 'Classroom supplies' })).toHaveAttribute(
      'href',
      '/school/select-your-supplies/12/121',
    )
    expect(first).toHaveTextContent('6 items')
    expect(first).toHaveTextContent(classroom.note)
    expect(within(second).getByRole('link', { name: 'Art class' })).toHaveAttribute(
      'href',
      '/school/select-your-supplies/12/122',
    )
    expect(second).toHaveTextContent('1 item')
    expect(second).toHaveTextContent(artClass.note)

    const others = screen.getByRole('navigation', { name: 'Other grades' })
    expect(
      within(others)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Kindergarten', '/school/select-your-grade/11']])
    expect(crumbs()).toEqual({
      links: [
        ['Home', '/'],
        ['School supplies', '/school'],
        ['Select your school', '/school/select-your-school/US/10001'],
      ],
      current: 'Select your grade',
    })
    await waitFor(() => {
      expect(document.title).toBe('Grade 3, Chelsea Elementary School | Olive Lane')
    })
  })

  it('shows a grade’s only list as a link too, rather than opening it', async () => {
    stub({ '/api/schools/grades/12': gradeLists({ lists: [{ ...classroom, items: 6 }] }) })
    const { router } = renderApp(PATH)
    expect(await screen.findByRole('link', { name: 'Classroom supplies' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(PATH)
  })

  it('says when the grade has no lists yet', async () => {
    const school = chelsea({ grades: [gradeThree] })
    stub({ '/api/schools/grades/12': gradeLists({ school, lists: [] }) })
    renderApp(PATH)
    expect(await screen.findByText('No supply lists have been published for this grade yet.')).toBeInTheDocument()
    // The only grade has no others to switch to.
    expect(screen.queryByRole('navigation', { name: 'Other grades' })).not.toBeInTheDocument()
  })

  it.each([
    ['a grade the store does not have', '/school/select-your-grade/99'],
    ['an id that cannot name one', '/school/select-your-grade/third'],
  ])('shows the not-found page for %s', async (_case, path) => {
    stub()
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
  })

  it('speaks Hebrew', async () => {
    remember({ language: 'heb' })
    stub({ '/api/schools/grades/12': gradeLists() })
    renderApp(PATH)
    const heading = await screen.findByRole('heading', { level: 1, name: 'כיתה ג׳' })
    expect(heading).toHaveAttribute('lang', 'he')
    expect(screen.getByText('בית הספר היסודי צ׳לסי')).toBeInTheDocument()
    const lists = screen.getByRole('region', { name: 'רשימות ציוד' })
    expect(within(lists).getByRole('link', { name: 'ציוד לכיתה' })).toBeInTheDocument()
    expect(lists).toHaveTextContent('6 פריטים')
    expect(lists).toHaveTextContent('פריט אחד')
    expect(lists).toHaveTextContent(classroom.heb_note)
    const others = screen.getByRole('navigation', { name: 'כיתות אחרות' })
    expect(within(others).getByRole('link', { name: kindergarten.heb_name })).toBeInTheDocument()
    expect(crumbs('heb').current).toBe('בחירת כיתה')
    await waitFor(() => {
      expect(document.title).toBe('כיתה ג׳, בית הספר היסודי צ׳לסי | Olive Lane')
    })
  })
})
