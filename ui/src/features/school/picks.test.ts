import { describe, expect, it } from 'vitest'
import { distanceOf } from './distance'
import { initialChoice, outcomeOf, picksOf, totalOf, unitsOf } from './picks'
import { classroomItems, fineLiners, markers } from './testing'

describe('a list’s picks', () => {
  const items = classroomItems()
  const start = items.map(initialChoice)

  it('start with the required items at the teacher’s quantities, the markers’ first substitute instead of them', () => {
    expect(picksOf(items, start)).toEqual([
      { position: 0, quantity: 2 },
      { position: 1, quantity: 3 },
      { position: 2, quantity: 1, substitute: { type: 'product', id: fineLiners.id } },
      { position: 3, quantity: 1 },
    ])
    expect(unitsOf(items, start)).toBe(7)
    expect(totalOf(items, start)).toBe(2 * 450 + 3 * 499 + 1499 + 350)
  })

  it('leave out an item that cannot be bought, even ticked', () => {
    const stranded = items.map((item) => (item.product.id === markers.id ? { ...item, offered: [] } : item))
    const choices = stranded.map(initialChoice).map((choice) => ({ ...choice, ticked: true }))
    expect(picksOf(stranded, choices).map((pick) => pick.position)).toEqual([0, 1, 3, 4, 5])
  })

  it('keep a typed quantity within 1 and the stock', () => {
    const choices = start.map((choice, index) => (index === 0 ? { ...choice, quantity: '50' } : choice))
    expect(picksOf(items, choices)[0]).toEqual({ position: 0, quantity: 10 })
    const blank = start.map((choice, index) => (index === 0 ? { ...choice, quantity: '' } : choice))
    expect(picksOf(items, blank)[0]).toEqual({ position: 0, quantity: 1 })
  })

  it('name the lines the bag took fewer of by what the rows bought', () => {
    const outcome = outcomeOf(items, start, [
      { id: 1042, type: 'product', asked: 2, added: 2 },
      { id: fineLiners.id, type: 'product', asked: 1, added: 0 },
      // A variation and a product may share an id: the type tells them apart.
      { id: 1055, type: 'variation', asked: 1, added: 0 },
    ])
    expect(outcome.units).toBe(2)
    expect(outcome.missed).toEqual([{ product: fineLiners, added: 0 }])
  })
})

describe('a school’s distance', () => {
  it('is in miles in the US and kilometres elsewhere, to one decimal', () => {
    expect(distanceOf(370, 'US')).toEqual({ unit: 'mi', n: '0.2' })
    expect(distanceOf(1609, 'US')).toEqual({ unit: 'mi', n: '1.0' })
    expect(distanceOf(1234, 'IL')).toEqual({ unit: 'km', n: '1.2' })
    expect(distanceOf(123456, 'CA')).toEqual({ unit: 'km', n: '123.5' })
  })
})
