//! The Hebrew catalogue of what the API says to shoppers: each English sentence the
//! server writes (its template, `{}` for each part that varies, in the same order in
//! both) with its Hebrew. The English sentences are the other catalogue: they live
//! where they are said, and this one is keyed by them, as gettext keys a
//! translation by its source text. A sentence missing here is answered in English.

/// `(English template, Hebrew template)`.
pub const CATALOGUE: &[(&str, &str)] = &[
    // Input every form shares.
    ("is required", "שדה חובה"),
    (
        "must be a valid e-mail address, like name@example.com",
        "יש להזין כתובת דואר אלקטרוני תקינה, למשל name@example.com",
    ),
    ("must be at most {} characters", "עד {} תווים"),
    ("needs at least {} characters", "לפחות {} תווים"),
    (
        "must be a phone number of 7 to 15 digits (spaces, hyphens, brackets and a leading + are fine)",
        "יש להזין מספר טלפון של 7 עד 15 ספרות (אפשר רווחים, מקפים, סוגריים ו־+ בהתחלה)",
    ),
    (
        "a US ZIP code is five digits, or five, a hyphen and four",
        "מיקוד בארה״ב הוא חמש ספרות, או חמש ספרות, מקף וארבע",
    ),
    ("there is no such ZIP code", "אין מיקוד כזה"),
    ("we do not ship to {}", "איננו שולחים אל {}"),
    // Cards.
    (
        "a card number is 12 to 19 digits",
        "מספר כרטיס הוא 12 עד 19 ספרות",
    ),
    (
        "this card number is not right; please check it",
        "מספר הכרטיס שגוי. בדקו אותו שוב",
    ),
    (
        "the expiry date is month and year, as MM/YY",
        "תוקף הכרטיס הוא חודש ושנה, בצורה MM/YY",
    ),
    ("the expiry month is 01 to 12", "חודש התוקף הוא בין 01 ל־12"),
    ("this card has expired", "תוקף הכרטיס פג"),
    ("the security code is {} digits", "קוד האבטחה הוא {} ספרות"),
    (
        "Your card was declined. Please use another card.",
        "הכרטיס סורב. נסו כרטיס אחר.",
    ),
    (
        "Your card has insufficient funds. Please use another card.",
        "אין בכרטיס מספיק יתרה. נסו כרטיס אחר.",
    ),
    (
        "Your card has expired. Please use another card.",
        "תוקף הכרטיס פג. נסו כרטיס אחר.",
    ),
    (
        "The card's security code is not right. Please check it.",
        "קוד האבטחה של הכרטיס שגוי. בדקו אותו שוב.",
    ),
    (
        "there is no card with this token in this browser, or it was entered over an hour ago; please enter the card again",
        "הכרטיס לא נמצא בדפדפן הזה, או שהוזן לפני יותר משעה. הזינו את הכרטיס שוב",
    ),
    (
        "there is no card with this token; please enter the card again",
        "הכרטיס לא נמצא. הזינו את הכרטיס שוב",
    ),
    (
        "there is no card {} in your account",
        "אין בחשבון שלך כרטיס {}",
    ),
    ("you can keep at most {} cards", "אפשר לשמור עד {} כרטיסים"),
    (
        "choose a card, or gift cards that cover the total",
        "בחרו כרטיס, או כרטיסי מתנה שמכסים את כל הסכום",
    ),
    (
        "Our payment service did not answer. Please try again in a minute.",
        "שירות התשלומים לא ענה. נסו שוב בעוד דקה.",
    ),
    (
        "the payment service is not answering; please try again",
        "שירות התשלומים לא עונה. נסו שוב",
    ),
    (
        "Too many declined cards. Please try again in {} s, or contact us.",
        "יותר מדי כרטיסים סורבו. נסו שוב בעוד {} שניות, או פנו אלינו.",
    ),
    // Gift cards.
    (
        "a gift card code is {} letters and digits, as printed on the card (for example ABCD-EFGH-JKMN-PQRS)",
        "קוד כרטיס מתנה הוא {} אותיות וספרות, כפי שמודפס על הכרטיס (למשל ABCD-EFGH-JKMN-PQRS)",
    ),
    (
        "there is no gift card with this code",
        "אין כרטיס מתנה עם הקוד הזה",
    ),
    (
        "this gift card has been used up",
        "היתרה בכרטיס המתנה הזה נוצלה",
    ),
    ("this gift card has expired", "תוקף כרטיס המתנה הזה פג"),
    (
        "an order takes at most {} gift cards",
        "אפשר לשלם בהזמנה אחת בעד {} כרטיסי מתנה",
    ),
    (
        "Too many gift card checks. Please try again later.",
        "יותר מדי בדיקות של כרטיסי מתנה. נסו שוב מאוחר יותר.",
    ),
    (
        "Too many codes that do not exist. Please try again in {} s.",
        "יותר מדי קודים שאינם קיימים. נסו שוב בעוד {} שניות.",
    ),
    // Discounts.
    (
        "there is no discount with this code",
        "אין הנחה עם הקוד הזה",
    ),
    ("this discount has ended", "ההנחה הזאת הסתיימה"),
    (
        "this discount has not started yet",
        "ההנחה הזאת עוד לא התחילה",
    ),
    (
        "this discount has been used as many times as it may be",
        "ההנחה הזאת נוצלה כבר את כל הפעמים האפשריות",
    ),
    (
        "you have already used this discount",
        "כבר השתמשת בהנחה הזאת",
    ),
    (
        "this discount needs {} of eligible items in the bag",
        "ההנחה הזאת דורשת פריטים מתאימים בסל בסך {}",
    ),
    (
        "none of the items in the bag can be discounted with this code",
        "אף פריט בסל אינו זכאי להנחה בקוד הזה",
    ),
    (
        "a discount code is 3 to {} letters, digits, dashes or underscores",
        "קוד הנחה הוא 3 עד {} אותיות, ספרות, מקפים או קווים תחתונים",
    ),
    // The bag and placing the order.
    ("the bag is empty", "הסל ריק"),
    ("sold out", "אזל מהמלאי"),
    (
        "your bag is being changed elsewhere at this moment; please try again",
        "הסל שלך מתעדכן כרגע במקום אחר. נסו שוב",
    ),
    (
        "this method does not ship there",
        "שיטת המשלוח הזאת לא מגיעה לשם",
    ),
    (
        "this store has no pickup point",
        "לחנות הזאת אין נקודת איסוף",
    ),
    ("a name and a phone are required", "נדרשים שם וטלפון"),
    (
        "this order key was used for another order; please place the order again",
        "המפתח של ההזמנה שימש להזמנה אחרת. בצעו את ההזמנה שוב",
    ),
    (
        "this order was not finished in time and nothing was charged; please place it again",
        "ההזמנה לא הושלמה בזמן ולא חויבתם. בצעו אותה שוב",
    ),
    (
        "there is no address {} in your account",
        "אין בחשבון שלך כתובת {}",
    ),
    (
        "you can keep at most {} addresses",
        "אפשר לשמור עד {} כתובות",
    ),
    (
        "We found no order with this number for you. Please check the number and the e-mail address.",
        "לא מצאנו הזמנה עם המספר הזה. בדקו את המספר ואת כתובת הדואר האלקטרוני.",
    ),
    (
        "Too many order look-ups. Please try again later.",
        "יותר מדי חיפושי הזמנות. נסו שוב מאוחר יותר.",
    ),
    // Accounts.
    ("Please sign in.", "נא להתחבר לחשבון."),
    (
        "the e-mail address or the password is not right",
        "כתובת הדואר האלקטרוני או הסיסמה שגויים",
    ),
    (
        "this code is not right or has expired: register again for a new one",
        "הקוד שגוי או שפג תוקפו: הירשמו שוב כדי לקבל קוד חדש",
    ),
    (
        "this reset link has expired or was already used: ask for a new one",
        "הקישור לאיפוס פג תוקף או שכבר נוצל: בקשו קישור חדש",
    ),
    (
        "Too many attempts for this address: please try again in {} s.",
        "יותר מדי ניסיונות עבור הכתובת הזאת: נסו שוב בעוד {} שניות.",
    ),
    (
        "We have sent a message to this address. If it is new to us, the message holds a code to finish creating your account.",
        "שלחנו הודעה לכתובת הזאת. אם היא חדשה אצלנו, בהודעה יש קוד לסיום יצירת החשבון.",
    ),
    (
        "If this address has an account, a link to choose a new password is on its way.",
        "אם לכתובת הזאת יש חשבון, קישור לבחירת סיסמה חדשה כבר בדרך.",
    ),
    (
        "If this address can receive our newsletter, a confirmation e-mail is on its way.",
        "אם הכתובת הזאת יכולה לקבל את הניוזלטר שלנו, הודעת אישור כבר בדרך.",
    ),
    (
        "Your subscription is confirmed. Welcome!",
        "ההרשמה שלך אושרה. ברוכים הבאים!",
    ),
    // Returns.
    (
        "only a delivered order can be returned",
        "אפשר להחזיר רק הזמנה שנמסרה",
    ),
    (
        "the 30 days to return this order are over",
        "30 הימים להחזרת ההזמנה הזאת עברו",
    ),
    (
        "choose at least one item to return",
        "בחרו לפחות פריט אחד להחזרה",
    ),
    ("the order has no line {}", "אין בהזמנה שורה {}"),
    ("line {} is asked for twice", "שורה {} נבחרה פעמיים"),
    (
        "a quantity to return is at least 1",
        "כמות להחזרה היא לפחות 1",
    ),
    (
        "only {} of this item can still be returned",
        "אפשר להחזיר רק עוד {} מהפריט הזה",
    ),
    (
        "Digital items cannot be returned.",
        "אי אפשר להחזיר פריטים דיגיטליים.",
    ),
    (
        "Gift cards cannot be returned.",
        "אי אפשר להחזיר כרטיסי מתנה.",
    ),
    ("Services cannot be returned.", "אי אפשר להחזיר שירותים."),
    (
        "This item is final sale and cannot be returned.",
        "הפריט הזה נמכר במבצע סופי ואי אפשר להחזיר אותו.",
    ),
    (
        "a personalized item can only be returned when it is damaged, defective or wrong",
        "אפשר להחזיר פריט מותאם אישית רק אם הוא פגום, לקוי או שגוי",
    ),
    (
        "this order's returns changed while yours was being made; please try again",
        "ההחזרות של ההזמנה הזאת השתנו בזמן שהבקשה שלך נשלחה. נסו שוב",
    ),
    (
        "We found no such return for you.",
        "לא מצאנו החזרה כזאת עבורך.",
    ),
    // Subscriptions and recurring orders.
    (
        "we found no such subscription in your account",
        "לא מצאנו מנוי כזה בחשבון שלך",
    ),
    (
        "a cancelled order cannot be repeated",
        "אי אפשר לחזור על הזמנה שבוטלה",
    ),
    (
        "only an order that was shipped can be repeated",
        "אפשר לחזור רק על הזמנה שנשלחה במשלוח",
    ),
    (
        "this order has nothing that can be delivered again",
        "אין בהזמנה הזאת פריטים שאפשר לשלוח שוב",
    ),
    (
        "a delivery of this subscription is being charged right now; please try again in a minute",
        "משלוח של המנוי הזה מחויב ממש עכשיו; נסו שוב בעוד דקה",
    ),
    (
        "this subscription is being changed elsewhere at this moment; please try again",
        "המנוי הזה משתנה ממקום אחר ברגע זה; נסו שוב",
    ),
    ("this subscription has ended", "המנוי הזה הסתיים"),
    (
        "this subscription is paused; resume it first",
        "המנוי הזה מושהה; יש לחדש אותו קודם",
    ),
    ("this subscription is not paused", "המנוי הזה אינו מושהה"),
    (
        "a pause must end after today and within a year",
        "השהיה צריכה להסתיים אחרי היום וכעבור שנה לכל היותר",
    ),
    ("must be 1 to {}", "בין 1 ל־{}"),
    ("there is no line {}", "אין שורה {}"),
    ("there is no such subscription", "אין מינוי כזה"),
    // School supply lists.
    ("there is no such grade", "אין כיתה כזאת"),
    ("there is no such school list", "אין רשימת ציוד כזאת"),
    ("the list has no item {}", "ברשימה אין פריט {}"),
    ("item {} is picked twice", "פריט {} נבחר פעמיים"),
    ("tick at least one item", "יש לסמן לפחות פריט אחד"),
    (
        "the quantity must be from 1 to {}",
        "הכמות צריכה להיות בין 1 ל־{}",
    ),
    (
        "the list does not allow that substitute for this item",
        "הרשימה אינה מתירה את התחליף הזה לפריט",
    ),
    ("there is no plan {}", "אין תוכנית {}"),
    (
        "plan {} is not one of this subscription's choices",
        "תוכנית {} אינה אחת האפשרויות של המנוי הזה",
    ),
    (
        "a recurring order has no plan to change",
        "להזמנה חוזרת אין תוכנית להחליף",
    ),
    (
        "this product cannot be delivered now; please try again later",
        "אי אפשר לשלוח את המוצר הזה כרגע; נסו שוב מאוחר יותר",
    ),
    (
        "must be a date, as YYYY-MM-DD",
        "יש להזין תאריך בצורה YYYY-MM-DD",
    ),
    // Messages to the staff.
    (
        "Thanks for writing to us. We'll answer by e-mail within one business day.",
        "תודה שכתבתם לנו. נענה בדואר אלקטרוני תוך יום עסקים אחד.",
    ),
    (
        "Thanks! We'll answer you by e-mail, usually within one business day.",
        "תודה! נענה לכם בדואר אלקטרוני, בדרך כלל תוך יום עסקים אחד.",
    ),
    // The store itself.
    (
        "The store is busy right now. Please try again in a moment.",
        "החנות עמוסה כרגע. נסו שוב בעוד רגע.",
    ),
    (
        "The store is busy or the request took too long: try again shortly.",
        "החנות עמוסה או שהבקשה נמשכה זמן רב מדי: נסו שוב בעוד רגע.",
    ),
    (
        "Too many requests: please try again in {} s.",
        "יותר מדי בקשות: נסו שוב בעוד {} שניות.",
    ),
    (
        "Something went wrong on our side (reference {}).",
        "משהו השתבש אצלנו (מספר לבירור {}).",
    ),
];
