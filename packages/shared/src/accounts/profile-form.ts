/** My Profile's Update form, which starts with the current values (issue 22, defect 25). */
export const profileFormMessages = {
  unchanged: 'Change at least one field to update',
} as const;
