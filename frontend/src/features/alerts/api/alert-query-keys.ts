/** The alerts screen's query keys, named once. */
export const ALERT_QUERY_KEYS = {
  channels: ['alerts', 'channels'],
  rules: ['alerts', 'rules'],
  deliveries: ['alerts', 'deliveries'],
} as const;
