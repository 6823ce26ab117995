export * from './programme-mailer';
export * from './vendor-link-reminders';
export * from './request-reminders';
export * from './remediation-reminders';
export * from './remediation-rechecks';
export * from './questionnaire-reminders';
