/**
 * The words the demo data is made of. Nothing here names a real person:
 * people's first names are common given names, and every last name is two
 * plain words run together ("Pebble" + "kettle" = "Pebblekettle"), which no
 * family is called, so a seeded name is obviously synthetic wherever it shows
 * (the portal, the console, an export). Places are real US cities with a ZIP
 * code and area code of theirs; every phone number is in the 555-01xx block
 * kept for fiction.
 */

export const FEMALE_NAMES = [
  "Ada", "Alice", "Beatrice", "Clara", "Dorothy", "Edith", "Eleanor", "Evelyn", "Florence", "Grace",
  "Harriet", "Helen", "Irene", "Iris", "June", "Laura", "Lillian", "Lucy", "Mabel", "Margaret",
  "Martha", "Mildred", "Nora", "Olive", "Pearl", "Rose", "Ruth", "Stella", "Vera", "Violet",
] as const;

export const MALE_NAMES = [
  "Albert", "Arthur", "Benjamin", "Calvin", "Charles", "Clarence", "Edward", "Ernest", "Frank", "George",
  "Harold", "Henry", "Herbert", "Howard", "Hugh", "Leonard", "Louis", "Martin", "Oscar", "Otis",
  "Paul", "Ralph", "Raymond", "Samuel", "Stanley", "Theodore", "Victor", "Walter", "Warren", "Wilbur",
] as const;

const LAST_NAME_FIRST_PARTS = [
  "Amber", "Apple", "Basil", "Birch", "Brass", "Cedar", "Clover", "Cobalt", "Copper", "Dune",
  "Ember", "Fern", "Flint", "Frost", "Harbor", "Hazel", "Ivory", "Jasper", "Juniper", "Lark",
  "Maple", "Marble", "Meadow", "Mint", "Moss", "Oak", "Pebble", "Pine", "Quartz", "Reed",
  "Rowan", "Sage", "Slate", "Sparrow", "Thistle", "Willow", "Wren", "Acorn", "Bramble", "Cinder",
] as const;

const LAST_NAME_SECOND_PARTS = [
  "kettle", "spoon", "button", "lantern", "whistle", "basket", "candle", "feather", "pocket", "teacup",
  "thimble", "saucer", "ladle", "mitten", "biscuit", "trowel", "bucket", "barrel", "compass", "ribbon",
  "pepper", "muffin", "pickle", "puddle", "sprocket", "wicket", "noodle", "marble", "pretzel", "doorknob",
] as const;

/** Every synthetic last name: 40 × 30 = 1,200 of them. */
export const LAST_NAMES: readonly string[] = LAST_NAME_FIRST_PARTS.flatMap((a) =>
  LAST_NAME_SECOND_PARTS.filter((b) => b !== a.toLowerCase()).map((b) => `${a}${b}`),
);

/** Practices are named after a made-up place and what they do: "Cedar Hollow Wound Care (Austin)". */
export const PRACTICE_PLACES = [
  "Sunrise", "Riverside", "Lakeview", "Hillcrest", "Pinewood", "Meadowbrook", "Stonegate", "Harborview", "Cedar Hollow", "Willow Creek",
  "Oak Valley", "Maple Grove", "Silver Lake", "Bayside", "Northgate", "Summit", "Prairie", "Canyon Ridge", "Bluebonnet", "Evergreen",
] as const;

export const PRACTICE_KINDS = [
  "Wound Care", "Podiatry", "Foot & Ankle Center", "Vascular Clinic", "Wound Healing Center",
  "Family Medicine", "Limb Preservation Center", "Skilled Nursing Partners", "Dermatology", "Surgical Associates",
] as const;

export const FACILITY_KINDS = ["Main Clinic", "North Office", "South Office", "Outpatient Center", "Wound Center", "Satellite Office", "Surgery Center", "East Office"] as const;

export const STREET_NAMES = [
  "Oak Street", "Main Street", "Park Avenue", "Elm Street", "Lake Road", "Hill Drive", "Cedar Lane", "Pine Street", "Maple Avenue", "Washington Street",
  "Church Street", "Mill Road", "River Road", "Spring Street", "Center Street", "Sunset Boulevard", "Highland Avenue", "Forest Drive", "Meadow Lane", "College Avenue",
] as const;

/** Real cities, each with one of its ZIP codes and area codes. */
export const CITIES = [
  { city: "Austin", state: "TX", zip: "78701", area: "512" },
  { city: "Houston", state: "TX", zip: "77002", area: "713" },
  { city: "Dallas", state: "TX", zip: "75201", area: "214" },
  { city: "San Antonio", state: "TX", zip: "78205", area: "210" },
  { city: "Phoenix", state: "AZ", zip: "85004", area: "602" },
  { city: "Tucson", state: "AZ", zip: "85701", area: "520" },
  { city: "Miami", state: "FL", zip: "33130", area: "305" },
  { city: "Orlando", state: "FL", zip: "32801", area: "407" },
  { city: "Tampa", state: "FL", zip: "33602", area: "813" },
  { city: "Jacksonville", state: "FL", zip: "32202", area: "904" },
  { city: "Atlanta", state: "GA", zip: "30303", area: "404" },
  { city: "Savannah", state: "GA", zip: "31401", area: "912" },
  { city: "Charlotte", state: "NC", zip: "28202", area: "704" },
  { city: "Raleigh", state: "NC", zip: "27601", area: "919" },
  { city: "Nashville", state: "TN", zip: "37203", area: "615" },
  { city: "Memphis", state: "TN", zip: "38103", area: "901" },
  { city: "Birmingham", state: "AL", zip: "35203", area: "205" },
  { city: "New Orleans", state: "LA", zip: "70112", area: "504" },
  { city: "Columbus", state: "OH", zip: "43215", area: "614" },
  { city: "Cleveland", state: "OH", zip: "44113", area: "216" },
  { city: "Detroit", state: "MI", zip: "48226", area: "313" },
  { city: "Grand Rapids", state: "MI", zip: "49503", area: "616" },
  { city: "Chicago", state: "IL", zip: "60602", area: "312" },
  { city: "Indianapolis", state: "IN", zip: "46204", area: "317" },
  { city: "Milwaukee", state: "WI", zip: "53202", area: "414" },
  { city: "Minneapolis", state: "MN", zip: "55401", area: "612" },
  { city: "St. Louis", state: "MO", zip: "63101", area: "314" },
  { city: "Kansas City", state: "MO", zip: "64106", area: "816" },
  { city: "Omaha", state: "NE", zip: "68102", area: "402" },
  { city: "Denver", state: "CO", zip: "80202", area: "303" },
  { city: "Salt Lake City", state: "UT", zip: "84111", area: "801" },
  { city: "Las Vegas", state: "NV", zip: "89101", area: "702" },
  { city: "Albuquerque", state: "NM", zip: "87102", area: "505" },
  { city: "Los Angeles", state: "CA", zip: "90012", area: "213" },
  { city: "San Diego", state: "CA", zip: "92101", area: "619" },
  { city: "Sacramento", state: "CA", zip: "95814", area: "916" },
  { city: "Fresno", state: "CA", zip: "93721", area: "559" },
  { city: "Portland", state: "OR", zip: "97204", area: "503" },
  { city: "Seattle", state: "WA", zip: "98104", area: "206" },
  { city: "Spokane", state: "WA", zip: "99201", area: "509" },
  { city: "Boise", state: "ID", zip: "83702", area: "208" },
  { city: "Philadelphia", state: "PA", zip: "19107", area: "215" },
  { city: "Pittsburgh", state: "PA", zip: "15222", area: "412" },
  { city: "Newark", state: "NJ", zip: "07102", area: "973" },
  { city: "Baltimore", state: "MD", zip: "21202", area: "410" },
  { city: "Richmond", state: "VA", zip: "23219", area: "804" },
  { city: "Boston", state: "MA", zip: "02108", area: "617" },
  { city: "Hartford", state: "CT", zip: "06103", area: "860" },
  { city: "Buffalo", state: "NY", zip: "14202", area: "716" },
  { city: "Louisville", state: "KY", zip: "40202", area: "502" },
  { city: "Oklahoma City", state: "OK", zip: "73102", area: "405" },
  { city: "Little Rock", state: "AR", zip: "72201", area: "501" },
  { city: "Jackson", state: "MS", zip: "39201", area: "601" },
  { city: "Columbia", state: "SC", zip: "29201", area: "803" },
] as const;
export type City = (typeof CITIES)[number];

export const PROVIDER_KINDS = [
  { credentials: "DPM", specialty: "Podiatry" },
  { credentials: "DPM", specialty: "Foot and ankle surgery" },
  { credentials: "MD", specialty: "Wound care" },
  { credentials: "MD", specialty: "Vascular surgery" },
  { credentials: "DO", specialty: "Family medicine" },
  { credentials: "MD", specialty: "General surgery" },
  { credentials: "NP", specialty: "Wound care" },
  { credentials: "PA-C", specialty: "Wound care" },
] as const;

/** Payers by type. Medicare's member id is an MBI; the others' are their own formats. */
export const PAYERS = {
  medicare: ["Medicare Part B"],
  "medicare-advantage": ["Humana Medicare Advantage", "UnitedHealthcare Medicare Advantage", "Aetna Medicare Advantage", "Wellcare Medicare Advantage"],
  medicaid: ["State Medicaid"],
  commercial: ["Aetna", "Blue Cross Blue Shield", "Cigna", "UnitedHealthcare", "Humana"],
} as const;

export const SUPPLEMENT_PAYERS = ["AARP Medicare Supplement", "Mutual of Omaha Medicare Supplement", "Blue Cross Medigap"] as const;

/**
 * Wounds seen in practice, each with where it is, the ICD-10-CM codes billed
 * with it and the standard of care given first.
 */
export const WOUND_PICTURES = [
  {
    woundType: "diabetic-foot-ulcer",
    weight: 45,
    locations: ["foot", "foot", "foot", "multiple-digits"],
    primary: ["L97.412", "L97.422", "L97.512", "L97.522", "L97.413", "L97.523"],
    secondary: [["E11.621"], ["E11.621", "E11.51"], ["E11.622"], ["E10.621"]],
    care: ["offloading", "debridement", "glycemic-control", "moisture"],
  },
  {
    woundType: "venous-leg-ulcer",
    weight: 30,
    locations: ["leg"],
    primary: ["I83.012", "I83.022", "I83.013", "I87.311", "I87.312"],
    secondary: [["L97.212"], ["L97.222"], ["L97.312"], []],
    care: ["compression", "debridement", "moisture"],
  },
  {
    woundType: "pressure-ulcer",
    weight: 12,
    locations: ["trunk", "foot"],
    primary: ["L89.153", "L89.154", "L89.613", "L89.623"],
    secondary: [[], ["E11.9"]],
    care: ["offloading", "moisture", "infection-control"],
  },
  {
    woundType: "arterial",
    weight: 6,
    locations: ["leg", "foot"],
    primary: ["I70.234", "I70.244", "I70.235"],
    secondary: [["L97.412"], ["L97.312"], []],
    care: ["vascular", "moisture", "debridement"],
  },
  {
    woundType: "surgical",
    weight: 4,
    locations: ["trunk", "leg", "foot"],
    primary: ["T81.31XA", "T81.32XA"],
    secondary: [[]],
    care: ["moisture", "infection-control"],
  },
  {
    woundType: "traumatic",
    weight: 3,
    locations: ["leg", "arm", "hand"],
    primary: ["S81.801A", "S81.802A", "S51.801A"],
    secondary: [[]],
    care: ["moisture", "debridement"],
  },
] as const;

export const CARE_NOTES = [
  "Weekly sharp debridement; offloading boot since the first visit.",
  "Multilayer compression wrapped weekly; the wound has not reduced by 50% in four weeks.",
  "Moist dressings changed three times a week; no signs of infection.",
  "Total contact cast for four weeks; HbA1c under control.",
  "Arterial studies done; perfusion adequate for healing.",
] as const;

export const ORDER_NOTES = [
  "Please deliver to the clinic's back entrance.",
  "Ship to the attention of the wound care nurse.",
  "Deliver before the Tuesday clinic, if possible.",
  "Reception closes at noon on Fridays.",
] as const;

export const VERIFICATION_NOTES = [
  "Benefits confirmed with the payer by phone.",
  "Deductible met for this year.",
  "Coverage confirmed; keep the visit notes with each application.",
  "Plan requires the wound measurements at every application.",
] as const;

export const INFORMATION_REQUESTS = [
  "Please attach the last two visit notes with wound measurements.",
  "The insurance card's back is missing: please upload it.",
  "Please confirm the secondary insurance and its member id.",
  "Please send the vascular study the provider mentions.",
] as const;

export const INFORMATION_ANSWERS = [
  "Visit notes attached.",
  "Card uploaded; thank you.",
  "The secondary insurance is on the patient's record now.",
  "Vascular study attached.",
] as const;

export const CANCEL_REASONS = ["Wound healed before the first application.", "The patient chose another treatment.", "Ordered by mistake: a second order replaces it."] as const;

export const COMPANY_WORDS = ["Brightwater", "Northstar", "Keystone", "Bluepeak", "Greenfield", "Lakeshore", "Redwood", "Silverline", "Clearview", "Heartland"] as const;
export const COMPANY_KINDS = ["Home Health", "Medical Group", "Health Partners", "Care Network", "Senior Living", "Clinic"] as const;

export const CONTACT_MESSAGES = [
  "We would like to learn more about your amniotic grafts for our wound clinic. Could someone call us this week?",
  "Do you offer samples of Membrane Wrap for our surgeons to evaluate?",
  "Please send us your current product list and sizes.",
  "We are changing suppliers and want to know how ordering works with you.",
  "Could a representative visit our practice to present your products?",
] as const;

export const INTAKE_QUERIES = [
  "We treat about thirty chronic wounds a month and want to discuss adding skin substitutes.",
  "Our billing team has questions about verification for Medicare Advantage patients.",
  "We are opening a second location and would like to set up an account.",
  "Interested in a consultation about graft sizing for venous leg ulcers.",
] as const;

export const CALLBACK_ROLES = ["Medical device sales", "Pharmaceutical sales", "Independent distributor", "Clinical educator", "Practice consultant"] as const;
export const TERRITORIES = ["North Texas", "Central Florida", "Greater Atlanta", "Southern California", "Ohio Valley", "Pacific Northwest", "Chicagoland", "Carolinas"] as const;
export const CALLBACK_NOTES = ["I cover podiatry and wound clinics in my territory.", "Ten years in biologics; happy to talk any afternoon.", "Currently representing a durable medical equipment line."] as const;

export const JOB_TITLES = ["Sales representative", "Office manager", "Warehouse associate", "Customer service specialist", "Billing coordinator", "Clinical liaison"] as const;
export const CERTIFICATIONS = [
  { name: "Certified Wound Specialist", organization: "American Board of Wound Management" },
  { name: "Certified Professional Biller", organization: "AAPC" },
  { name: "Forklift operator", organization: "OSHA training provider" },
  { name: "Certified Medical Representative", organization: "CMR Institute" },
] as const;

export const STAFF_NOTES = ["Called back; sent product information.", "Passed to the regional representative.", "Left a voicemail; will try again tomorrow.", "Scheduled a call for next week."] as const;

/** Why part of a graft was discarded at an application, as clinicians write it. */
export const DISCARD_REASONS = [
  "Trimmed to the wound's margins.",
  "Edge trimmed to fit the wound bed.",
  "Corner folded on placement and was cut away.",
  "Trimmed to avoid overlapping intact skin.",
  "Excess beyond the wound edge removed.",
] as const;

/** Why a unit left the shelf other than by application. */
export const RETURN_NOTES = ["Patient's visit cancelled; returned unopened.", "Ordered in the wrong size; returned unopened.", "Patient moved to another clinic; returned unopened."] as const;
export const DAMAGE_NOTES = ["Outer pouch torn on arrival.", "Dropped on the floor before opening.", "Seal broken when found on the shelf.", "Package wet from a leak in the storage room."] as const;
export const EXPIRY_NOTES = ["Expired on the shelf; discarded.", "Past its expiry date; set aside for disposal."] as const;

/**
 * Live chat: what visitors, members and staff write, one conversation per
 * entry (the asker's turns and staff's answers, in order). Never a patient's
 * details (the chat asks for none): a record is named by its reference alone,
 * "{ivr}", "{order}" and "{invoice}" standing for made-up IVR-, ORD- and
 * INV- numbers. Visitors ask about products and access; members about their
 * own IVRs, orders and invoices.
 */
export type ChatScript = {
  /** Who asks: a visitor, a member of a practice, or either. */
  from: "visitor" | "member" | "either";
  /** The asker's turns: the first opens the chat. */
  asks: readonly string[];
  /** Staff's answers, each to the turn before it. */
  answers: readonly string[];
};

export const CHAT_SCRIPTS: readonly ChatScript[] = [
  {
    from: "member",
    asks: ["Hi, could you tell me where {ivr} stands? It was sent on Monday.", "Will we get an email when it's decided?", "Does the patient need prior authorization for this product?"],
    answers: [
      "I'm looking at {ivr} now: the benefits check is with the payer, and we expect an answer within one business day.",
      "Yes: everyone following the IVR gets an email, and its page updates as soon as we record the answer.",
      "We'll know once the payer answers. If they ask for one, we submit it for you and the IVR shows Prior auth submitted.",
    ],
  },
  {
    from: "member",
    asks: ["Hello, {ivr} still shows In review. Is anything missing?", "The visit is next Tuesday. Will we know by then?"],
    answers: ["Nothing is missing on your side: {ivr} is with our verification team today.", "Most likely by tomorrow afternoon; I've marked it as urgent for the visit date."],
  },
  {
    from: "member",
    asks: ["Hi, {order} was supposed to arrive today. Can you check the tracking?", "I don't see the tracking number on the order's page.", "Got it now, thanks."],
    answers: [
      "{order} shipped yesterday by overnight delivery and is out for delivery this morning.",
      "It shows once the carrier scans the box; please reload the page. I'll email it to you as well.",
    ],
  },
  {
    from: "member",
    asks: ["We need {order} before Thursday's clinic. Is that possible?", "Can it go to our north office instead?"],
    answers: [
      "{order} is packed and leaves the warehouse this afternoon by two-day delivery, so it should arrive Wednesday.",
      "The ship-to address can't change once an order is packed. Let me ask the warehouse whether the carrier can reroute it, and I'll email you.",
    ],
  },
  {
    from: "member",
    asks: ["Quick question about {invoice}: the total looks higher than we expected.", "Please do, thank you."],
    answers: ["{invoice} has two lines: the second is the extra unit added when the order was changed. I can email you the breakdown.", "Done: it's on its way to your email."],
  },
  {
    from: "member",
    asks: ["We paid {invoice} last week but it still shows as open.", "It was a check, number 4481."],
    answers: ["Thanks for letting us know. How was it paid?", "Thank you: I've passed it to billing. Payments are usually recorded within two business days."],
  },
  {
    from: "member",
    asks: ["I can't upload the insurance card for {ivr}: the page says the file is too large.", "That worked, thanks."],
    answers: ["Files up to 10 MB are accepted; a phone photo saved as JPEG is usually well under that."],
  },
  {
    from: "member",
    asks: ["The portal signed me out while I was filling in an IVR. Is the draft saved?", "Found it, thank you!"],
    answers: ["Drafts are saved as you type: you'll find it under Drafts on the status board."],
  },
  {
    from: "member",
    asks: ["How do I add a new provider to our practice?", "Does it need your approval?"],
    answers: ["A practice admin adds providers under Practice, Providers: the NPI and PTAN are all we need.", "No: the provider can be chosen on an IVR straight away."],
  },
  {
    from: "either",
    asks: ["What sizes does Membrane Wrap come in?", "Is there a way to tell which size covers a wound?"],
    answers: [
      "Membrane Wrap comes from 2 x 2 cm up to 4 x 8 cm; the product page lists every size with its HCPCS code.",
      "Yes: the IVR form suggests the sizes that cover the wound once its length and width are entered.",
    ],
  },
  {
    from: "either",
    asks: ["Which of your products can be stored at room temperature?", "Do you have a spec sheet I can share with our surgeons?"],
    answers: ["All our amniotic grafts are shelf-stable at room temperature for two years from packing.", "Each product page has a PDF spec sheet to download; I can also email it to you."],
  },
  {
    from: "visitor",
    asks: ["Hi, how does our practice get access to the Clinical Portal?", "How long does the check take?", "Do you need our NPI and tax ID?"],
    answers: [
      "You can request access at /request-access. Once we have checked the practice's details, its contact is invited by email.",
      "Usually one or two business days.",
      "Yes: the practice's group NPI and tax ID, and the address you'd like us to ship to.",
    ],
  },
  {
    from: "visitor",
    asks: ["Do you offer samples for evaluation?", "We're in Tampa, Florida."],
    answers: ["We do for new accounts: your regional representative arranges them. Which city and state is your clinic in?", "Thank you: the representative for Central Florida will contact you this week."],
  },
  {
    from: "visitor",
    asks: ["Could a representative visit our clinic to present your products?", "The email I gave when I started the chat is best."],
    answers: ["Of course. Let me check with the team and get back to you by email today.", "Got it; you'll hear from us today."],
  },
  {
    from: "visitor",
    asks: ["Do you work with Medicare Advantage plans?", "And Medicaid?"],
    answers: ["Yes: we verify benefits with the plan for every patient before an order, at no cost to the practice.", "In most states, yes. The benefits check tells you before anything ships."],
  },
];

/** What the asker and staff write around a script: when it runs out, when nobody answers, and to end. */
export const CHAT_FILLERS = {
  /** One more turn of the asker's, and staff's answer to it. */
  more: [
    ["One more thing: can I get a copy of this chat?", "Of course: use Email me the transcript below the chat."],
    ["Sorry, I got pulled away for a moment.", "No problem, take your time."],
    ["OK, thanks.", "You're welcome."],
    ["Understood, I'll keep an eye on it.", "Happy to help."],
  ],
  /** Staff's answer to the asker's thanks. */
  staff: ["You're welcome.", "Happy to help."],
  /** A chat nobody answered: the asker's second message. */
  unanswered: ["Is anyone there?", "I'll try again later.", "Never mind, I'll call instead."],
  /** The asker's last word. */
  bye: ["Thanks, that's all I needed.", "Great, have a good day!", "Thank you for your help."],
  /** Staff's last word. */
  close: ["Thanks for chatting with us. Have a good day!", "Is there anything else I can help you with? Thanks for chatting with us."],
} as const;
