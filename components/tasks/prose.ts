/** Typography for task descriptions (editor and detail page), without a typography plugin. */
export const PROSE_CLASSES =
  "break-words [&_p]:my-1 [&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-base [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold " +
  "[&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_blockquote]:border-l-4 " +
  "[&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_pre]:rounded [&_pre]:bg-slate-100 " +
  "[&_pre]:p-2 [&_pre]:font-mono [&_pre]:text-xs [&_code]:font-mono [&_a]:text-indigo-600 [&_a]:underline";
