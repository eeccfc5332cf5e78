/**
 * The longest name and chat line the server takes, in a module of their own: the browser's
 * inputs set their `maxLength` from these without loading the message schemas (messages.ts).
 */
export const NAME_MAX = 32;
export const CHAT_MAX = 300;
