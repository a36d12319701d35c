import { deferred } from '@/lib/deferred'

/**
 * "Subscribe and save up to N%" on a product's page, when plans deliver the product
 * (PlanOffer.tsx). It shows only once the plans have been asked for, below the buy
 * button, so its code loads after the page.
 */
export const SubscribeOffer = deferred(() => import('./PlanOffer').then((module) => module.PlanOffer))
