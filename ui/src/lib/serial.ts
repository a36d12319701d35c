/**
 * A line of calls taken one at a time: each task starts when the one before has
 * settled, so answers are stored in the order the edits were made and each call can
 * start from the previous answer. `size()` counts the tasks waiting or running.
 */
export function serial() {
  let queue: Promise<unknown> = Promise.resolve()
  let size = 0
  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    size += 1
    const run = queue.then(task, task).finally(() => {
      size -= 1
    })
    queue = run.catch(() => undefined)
    return run
  }
  return { enqueue, size: () => size }
}
