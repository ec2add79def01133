/** The member form's and the members filter's choices, with their labels (no zod: screens import these). */
export const ROLE_OPTIONS = [
  { value: "staff", label: "Staff" },
  { value: "manager", label: "Manager" },
  { value: "admin", label: "Admin" },
] as const;
/** How a member is paid (payroll exports leave volunteers out on request). */
export const PAY_TYPE_OPTIONS = [
  { value: "hourly", label: "Hourly" },
  { value: "salaried", label: "Salaried" },
  { value: "volunteer", label: "Volunteer" },
] as const;

export const MEMBER_TYPE_OPTIONS = [
  { value: "employee", label: "Employee" },
  { value: "contractor", label: "Contractor" },
  { value: "volunteer", label: "Volunteer" },
] as const;
