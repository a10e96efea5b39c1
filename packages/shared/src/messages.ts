/**
 * Every user-facing message of SPEC.md sections 5 and 8, kept to the letter (spelling included),
 * plus the messages DESIGN.md adds. The server's validation and the web app's forms both read them.
 */
export const messages = {
  emailRequired: 'Email is required!',
  emailInvalid: 'Enter Valid Email',
  passwordRequired: 'Password is required!',
  passwordTooShort: 'Password must be longer than 8 character or long!',
  nameRequired: 'Name is required!',
  ratingRequired: 'Rating is required!',
  ratingHint: 'Review Must Be between 1-5',
  reviewRequired: 'Review is required!',
  reviewTooShort: 'Review must be longer than 50 character or long!',
  orderMinimum: (min: number) => `Please order minimum ${min}`,
  orderMaximum: (available: number) => `Please order maximum ${available}`,
  orderSuccess: 'Your order is successful',
  reviewAdded: 'Review added!',
  profileUpdated: 'Profile has been updated!',
  productAdded: 'Successfully Added!',
  noUserLoggedIn: 'No user is logged in',
  noPermission: 'You dont have enough permission!',
  deleteTitle: 'Are you sure?',
  deleteOrderText: "You can't revert it.",
  deleteProductText: (productName: string) =>
    `You are deleting orderID: ${productName}. You can't revert it.`,
  deleteConfirm: 'Yes, delete it!',
  deleted: 'Deleted!',
  paymentCompleted: 'Congrats! Your payment is completed',
  notFound: 'Searching Page Not Found 404',
  loadFailed: 'We could not load this. Please check your connection and try again.',
} as const;
