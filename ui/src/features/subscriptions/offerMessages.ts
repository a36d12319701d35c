import { defineMessages } from '@/lib/i18n'

// The product page's offer, apart from the subscription screens' messages: the product
// page loads these, and not the hundreds it does not show.
export const offerMessages = defineMessages({
  eng: {
    offerSave: 'Subscribe and save up to {n}%',
    offerPlain: 'Get it delivered on a schedule',
    offerHint: 'Regular deliveries: skip, pause or cancel at any time.',
  },
  heb: {
    offerSave: 'הצטרפו למינוי וחסכו עד {n}%',
    offerPlain: 'אפשר לקבל אותו במשלוח קבוע',
    offerHint: 'משלוחים קבועים: אפשר לדלג, להשהות או לבטל בכל עת.',
  },
})
