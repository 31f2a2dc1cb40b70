/**
 * Practices' and partners' branding: the logo and accent colour, saved with
 * their audit row; the portal header's and the referral page's view of them;
 * the logo's bytes for its route. The mails' branded side is in ./mail (the
 * runtime wraps the mail sender with it).
 */
export {
  brandOfRecipient,
  getBrand,
  logoPath,
  portalBrand,
  readLogo,
  saveBrand,
  type BrandChange,
  type BrandOwner,
} from "./branding";
export { LOGO_BOX } from "./logo";
export { TEXT_COLOURS } from "./theme";
