import type { RecallUnit } from "~/.server/inventory";
import type { RecallUnitView } from "~/components/console-recalls/units-table";

/** A unit as the console's recall tables show it: where it is and, when applied, under which IVR and when (the patient only where the page names them). */
export function unitView(u: RecallUnit, patientName?: string | null): RecallUnitView {
  return {
    id: u.id,
    tissueId: u.tissueId,
    lot: u.lot,
    gtin: u.gtin,
    product: u.product,
    size: u.size,
    practiceId: u.practiceId,
    practice: u.practice,
    facility: u.facility,
    orderId: u.orderId,
    order: u.order,
    standing: u.standing,
    heldBy: u.heldBy,
    ivr: u.application ? { id: u.application.ivrId, reference: u.application.ivr } : null,
    appliedOn: u.application?.appliedOn ?? null,
    ...(patientName === undefined ? {} : { patientName }),
  };
}
