import { clampQuantity } from '@/components/QuantitySelector'
import type { AddedLine } from '@/lib/bag'
import type { ListItem, ListProduct, PickInput } from './api'

// A list's items as the shopper ticks them, and what that asks of the bag. The server
// prices the bag and applies the list's rules; the total here is for display only.

/** What the shopper has chosen for one item of the list. */
export interface Choice {
  ticked: boolean
  /** As typed; what is bought is it kept within 1 and the stock (`quantityOf`). */
  quantity: string
  /** The position in `substitutes` of the one bought instead; undefined: the item itself. */
  substitute: number | undefined
}

/** What a row buys: the substitute chosen, else the item itself. */
export function boughtOf(item: ListItem, choice: Choice): ListProduct {
  return (choice.substitute === undefined ? undefined : item.substitutes[choice.substitute]) ?? item.product
}

/**
 * How a row starts. Required items are ticked at the teacher's quantity (no more than
 * the stock), optional ones not. An item out of stock takes the first substitute
 * offered, so what is ticked can be bought; with none offered it cannot be ticked.
 */
export function initialChoice(item: ListItem): Choice {
  const substitute = item.product.max > 0 ? undefined : item.offered[0]
  const choice: Choice = { ticked: false, quantity: '', substitute }
  const { max } = boughtOf(item, choice)
  return {
    ...choice,
    ticked: !item.optional && max > 0,
    quantity: String(clampQuantity(item.quantity, Math.max(1, max))),
  }
}

/** Whether the row can be bought at all: in stock, or a substitute is. */
export const canBuy = (item: ListItem, choice: Choice) => boughtOf(item, choice).max > 0

/** The quantity a row buys: what was typed, within 1 and what one order may hold. */
export const quantityOf = (item: ListItem, choice: Choice) =>
  clampQuantity(Number(choice.quantity), boughtOf(item, choice).max)

/** The rows ticked that can be bought, with their choices. */
function ticked(items: readonly ListItem[], choices: readonly Choice[]) {
  return items.flatMap((item, index) => {
    const choice = choices[index]
    return choice?.ticked && canBuy(item, choice) ? [{ item, choice }] : []
  })
}

/** The `add_list` picks: each ticked row's position, quantity and substitute. */
export function picksOf(items: readonly ListItem[], choices: readonly Choice[]): PickInput[] {
  return ticked(items, choices).map(({ item, choice }) => {
    const bought = boughtOf(item, choice)
    const pick: PickInput = { position: item.position, quantity: quantityOf(item, choice) }
    return bought === item.product ? pick : { ...pick, substitute: { type: bought.type, id: bought.id } }
  })
}

/** How many units the ticked rows ask for (the bag's count is units, spec 2.4). */
export function unitsOf(items: readonly ListItem[], choices: readonly Choice[]): number {
  return ticked(items, choices).reduce((sum, { item, choice }) => sum + quantityOf(item, choice), 0)
}

/** The ticked rows' price times quantity, in cents. */
export function totalOf(items: readonly ListItem[], choices: readonly Choice[]): number {
  return ticked(items, choices).reduce(
    (sum, { item, choice }) => sum + boughtOf(item, choice).price * quantityOf(item, choice),
    0,
  )
}

/** A line the bag took fewer of than asked: the product as the list shows it, and how many went in. */
export interface Missed {
  product: ListProduct
  added: number
}

/**
 * What the answer's `added` says: the units that went in, and the lines short of what
 * was asked. A line names its item by id and type: the product (or substitute) of the
 * rows sent.
 */
export function outcomeOf(
  items: readonly ListItem[],
  choices: readonly Choice[],
  added: readonly AddedLine[],
): { units: number; missed: Missed[] } {
  const sent = ticked(items, choices).map(({ item, choice }) => boughtOf(item, choice))
  const missed = added.flatMap((line) => {
    const product = sent.find((entry) => entry.id === line.id && entry.type === line.type)
    return line.added < line.asked && product ? [{ product, added: line.added }] : []
  })
  return { units: added.reduce((sum, line) => sum + line.added, 0), missed }
}
