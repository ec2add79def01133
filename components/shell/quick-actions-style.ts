/** The floating button's look, shared by its first-load stand-in and the real menu button. */
export const quickActionsButtonClass =
  "group fixed bottom-5 right-5 z-30 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg shadow-brand-600/30 transition hover:bg-brand-700 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-500/40 data-open:bg-brand-700 sm:bottom-6 sm:right-6";
export const quickActionsIconClass = "size-7 transition-transform duration-200 group-data-open:rotate-45";

