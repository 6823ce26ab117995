export const APP_NAME = 'Vendorwatch';
