/** A task as its number and title ("#32 Engrave the urn"); a recurring series has no number, so its title alone. */
export const taskTitle = (task: { displayNumber: number | null; title: string }) => (task.displayNumber === null ? task.title : `#${task.displayNumber} ${task.title}`);
