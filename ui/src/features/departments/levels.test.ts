import { describe, expect, it } from 'vitest'
import type { Schema } from '@/lib/api/client'
import { backFrom, drillInto, itemsAt } from './levels'

const mugs: Schema<'Category'> = { id: 8, name: 'Mugs', value: '/category/mugs/8', children: [] }
const kitchen: Schema<'Category'> = { id: 7, name: 'Kitchen', value: '/category/kitchen/7', children: [mugs] }
const home: Schema<'Category'> = { id: 1, name: 'Home Goods', value: '/category/home-goods/1', children: [kitchen] }
const tree = [home]

describe('department menu levels (spec 4.10)', () => {
  it('starts at the top level', () => {
    expect(itemsAt(tree, [])).toEqual([home])
  })

  it('drills through children and back', () => {
    const one = drillInto([], home)
    const two = drillInto(one, kitchen)
    expect(itemsAt(tree, two)).toEqual([mugs])
    expect(backFrom(two)).toEqual([home])
    expect(backFrom(backFrom(two))).toEqual([])
  })

  it('does not drill into a leaf', () => {
    expect(drillInto([home, kitchen], mugs)).toEqual([home, kitchen])
  })
})
