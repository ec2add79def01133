/** A task as its number and title ("#32 Engrave the urn"); a recurring series has no number, so its title alone. */
export const taskTitle = (task: { displayNumber: number | null; title: string }) => (task.displayNumber === null ? task.title : `#${task.displayNumber} ${task.title}`);

/**
 * What a reader who may not see a task (someone else's private task) reads in place of its title,
 * everywhere a task is named though it stays hidden: alerts and their e-mails, the punch clock and
 * its 409s, the time log, accountability details, the scoreboard. Such a name carries no link.
 * Screens and tests compare with this constant, never with its words.
 */
export const PRIVATE_TASK_TITLE = "Private task";

/** The one redaction: the title when the reader may see the task, else PRIVATE_TASK_TITLE. */
export const titleForReader = (visible: boolean, title: string) => (visible ? title : PRIVATE_TASK_TITLE);
