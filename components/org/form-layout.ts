/**
 * The field layout of the organization dialogs (units, members, vendors) on the Form primitive:
 * label, control and message 4 px apart (required labels pass markRequired for the asterisk).
 */
export const orgField = { className: "space-y-1" } as const;
