/** The menus' words for a count of threads holding an unread message ("1 with an unread message"). */
export const unreadText = (n: number) => `${n} with ${n === 1 ? "an unread message" : "unread messages"}`;
