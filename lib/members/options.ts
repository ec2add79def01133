/** The member form's and the members filter's choices, with their labels (no zod: screens import these). */
export const ROLE_OPTIONS = [
  { value: "staff", label: "Staff" },
  { value: "manager", label: "Manager" },
  { value: "admin", label: "Admin" },
] as const;
/** How a paid member is paid. A volunteer has none: the member type says who is a volunteer or a contractor. */
export const PAY_TYPE_OPTIONS = [
  { value: "hourly", label: "Hourly" },
  { value: "salaried", label: "Salaried" },
] as const;

export const MEMBER_TYPE_OPTIONS = [
  { value: "employee", label: "Employee" },
  { value: "contractor", label: "Contractor" },
  { value: "volunteer", label: "Volunteer" },
] as const;
