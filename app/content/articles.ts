import { pressArticles } from "./press";
import type { ArticleBody, NewsArticle } from "./types";

/** The list entry of an article; its title, summary, date and read time live in press.ts only. */
function listed(id: number): NewsArticle {
  const article = pressArticles.find((a) => a.id === id);
  if (!article) throw new Error(`Press article ${id} is missing from content/press.ts`);
  return article;
}

const diabeticFootUlcers = `
<p>Diabetic foot ulcers are among the most demanding wounds that clinicians manage. They often heal slowly, they recur, and they carry a real risk of infection and amputation. For ulcers that do not improve with standard care, many practices now consider advanced products, including allografts made from human amnion membrane.</p>
<h2>What amnion membrane is</h2>
<p>Amnion is the innermost layer of the placental membrane. Tissue used for allografts is recovered with consent after planned births, screened under tissue banking rules and processed into dehydrated or hydrated sheets. The membrane provides a thin collagen-based structure and naturally contains proteins that researchers believe may support the wound environment.</p>
<h2>What the published studies generally measure</h2>
<p>Randomised trials and observational studies have compared amnion allografts used alongside standard care with standard care alone. Most use the proportion of wounds fully closed within 12 to 16 weeks as their main endpoint, with time to closure and recurrence as secondary measures. Several trials reported more closed wounds in the allograft groups.</p>
<p>These findings need careful reading. Many studies are small, follow-up periods are short, some are sponsored by manufacturers, and inclusion criteria often exclude patients with poor circulation, active infection or very large wounds. Results from one product or study population do not automatically apply to another.</p>
<h2>Practical considerations for clinic teams</h2>
<ul>
  <li>Standard care remains the foundation: offloading, debridement, infection management, glucose control and a vascular assessment.</li>
  <li>Payers usually expect a documented period of standard care without adequate improvement before an advanced product is used.</li>
  <li>Measure and photograph the wound at each visit, and record the product, size, lot number and any wastage.</li>
  <li>Confirm coverage and any prior authorization requirements before the first application.</li>
</ul>
<h2>Keeping expectations realistic</h2>
<p>Results vary from patient to patient. An amnion allograft is an addition to comprehensive wound care, not a replacement for it, and the decision to use one rests with the treating clinician. This article is provided for general information and is not medical advice.</p>
`.trim();

const ophthalmicApproval = `
<p>The U.S. Food and Drug Administration has approved an amnion-based product for treating conditions of the ocular surface. The decision has drawn attention across the regenerative medicine field because it concerns a type of tissue that many wound care providers already know well.</p>
<h2>Why the regulatory pathway matters</h2>
<p>Many amniotic tissue products reach the market as human cells, tissues and cellular and tissue-based products (HCT/Ps). When a product is minimally manipulated and intended for homologous use, it is regulated mainly through donor screening, registration and good tissue practice rules rather than premarket approval. Products that fall outside those criteria need a full premarket review, with clinical data submitted to the FDA, before they can be marketed for a specific indication.</p>
<p>An approval of this kind applies to the specific product and the indication in its labeling. It does not change the regulatory status of other amniotic products, including those used in wound care.</p>
<h2>What providers may want to follow</h2>
<ul>
  <li>The approved labeling, which sets out the indication, the patients studied and the known risks.</li>
  <li>Coding and coverage decisions, which usually follow an approval rather than arriving with it.</li>
  <li>Whether further amnion-based products seek approval for other indications.</li>
</ul>
<h2>Our perspective</h2>
<p>We do not distribute ophthalmic products. We follow developments like this one because they show the growing regulatory attention paid to amniotic tissue. Clinical results vary between patients and conditions; eye care professionals should rely on the product's prescribing information and the published evidence when making treatment decisions.</p>
`.trim();

/** Article bodies exist for ids 1 and 2 only (SPEC section 2, Article). */
export const articleBodies: readonly ArticleBody[] = [
  { ...listed(1), content: diabeticFootUlcers },
  { ...listed(2), content: ophthalmicApproval },
];
