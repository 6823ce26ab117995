/** A moment in the reader's locale, or a dash when there is none. */
export const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
