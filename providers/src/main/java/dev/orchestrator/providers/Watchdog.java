package dev.orchestrator.providers;

import java.util.Arrays;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The one timer thread every attempt's limits run on: a daemon, so it never keeps a JVM alive, and
 * shared, so concurrency costs no thread per request. Its tasks only compare clocks and close
 * streams.
 *
 * <p>Scheduling does not wake the thread unless the new task is due before the thread would wake
 * anyway, and cancelling never does: almost every attempt arms a limit of seconds and cancels it
 * within milliseconds, so a timer that woke on each (as {@code ScheduledThreadPoolExecutor} does
 * when a task becomes its head) cost every request a thread wake-up for nothing (ADR 0011, fifth
 * round). The thread wakes when the earliest task is due; with nothing scheduled it sleeps until a
 * task is.
 */
final class Watchdog {
  /** The timer thread's name (tests count these). */
  static final String THREAD_NAME = "orchestrator-http-watchdog";

  private static final Watchdog SHARED = new Watchdog(THREAD_NAME);

  private final ReentrantLock lock = new ReentrantLock();
  private final Condition due = lock.newCondition();

  /** A binary min-heap on {@link Timeout#at}; each timeout knows its index (O(log n) cancel). */
  private Timeout[] heap = new Timeout[64];

  private int size;

  /**
   * When the thread wakes next, in {@link System#nanoTime()}; while it runs, the time it woke (so
   * nothing scheduled then signals it: it looks at the heap before it waits again). Not used while
   * {@link #idle}.
   */
  private long plannedWake;

  /** Whether the thread sleeps until signalled (nothing was scheduled when it planned). */
  private boolean idle;

  /** How often scheduling woke the thread (tests). */
  private long signals;

  /** A timer without a thread: its owner calls {@link #pollDue} and {@link #plan} (tests). */
  Watchdog() {
    plannedWake = System.nanoTime();
  }

  private Watchdog(String threadName) {
    this();
    Thread t = new Thread(this::run, threadName);
    t.setDaemon(true);
    t.start();
  }

  /** Runs {@code task} after {@code delayNanos} on the shared thread, unless cancelled first. */
  static Timeout schedule(Runnable task, long delayNanos) {
    return SHARED.add(task, System.nanoTime() + Math.max(0, delayNanos));
  }

  /** Adds {@code task}, due at {@code at} ({@link System#nanoTime()}). */
  Timeout add(Runnable task, long at) {
    Timeout t = new Timeout(this, task, at);
    lock.lock();
    try {
      if (size == heap.length) {
        heap = Arrays.copyOf(heap, size * 2);
      }
      t.index = size++;
      heap[t.index] = t;
      up(t.index);
      if (idle || at - plannedWake < 0) {
        idle = false;
        signals++;
        due.signal(); // due before the thread would look again
      }
    } finally {
      lock.unlock();
    }
    return t;
  }

  private void cancel(Timeout t) {
    lock.lock();
    try {
      if (t.index >= 0) {
        removeAt(t.index);
      }
    } finally {
      lock.unlock();
    }
  }

  private void run() {
    lock.lock();
    try {
      while (true) {
        Timeout t = pollDue(System.nanoTime());
        if (t != null) {
          lock.unlock();
          try {
            t.task.run();
          } catch (RuntimeException | Error ignored) {
            // A failing task must not stop every other attempt's limits.
          } finally {
            lock.lock();
          }
          continue;
        }
        try {
          long wait = plan(System.nanoTime());
          if (wait == IDLE) {
            due.await();
          } else if (wait > 0) {
            due.awaitNanos(wait);
          }
        } catch (InterruptedException e) {
          // Nobody interrupts this thread on purpose; keep timing.
        }
      }
    } finally {
      lock.unlock();
    }
  }

  /** Takes the earliest task if it is due at {@code now} (the thread is awake until it plans). */
  Timeout pollDue(long now) {
    lock.lock();
    try {
      Timeout head = size == 0 ? null : heap[0];
      if (head == null || head.at - now > 0) {
        return null;
      }
      removeAt(0);
      plannedWake = now;
      return head;
    } finally {
      lock.unlock();
    }
  }

  /** {@link #plan}'s answer when nothing is scheduled. */
  static final long IDLE = -1;

  /**
   * How long the thread sleeps from {@code now}: until the earliest task (from here on, only a task
   * due before then signals it), 0 when that task is already due (it fell due after the thread last
   * looked: a negative wait must not read as idle, or the thread would sleep until a signal that no
   * later task sends), or {@link #IDLE} when nothing is scheduled (the next task signals it).
   */
  long plan(long now) {
    lock.lock();
    try {
      if (size == 0) {
        idle = true;
        return IDLE;
      }
      long wait = Math.max(0, heap[0].at - now);
      plannedWake = now + wait;
      return wait;
    } finally {
      lock.unlock();
    }
  }

  /** How often scheduling has woken the thread. */
  long signals() {
    lock.lock();
    try {
      return signals;
    } finally {
      lock.unlock();
    }
  }

  private void removeAt(int i) {
    Timeout removed = heap[i];
    removed.index = -1;
    int last = --size;
    Timeout moved = heap[last];
    heap[last] = null;
    if (i != last) {
      heap[i] = moved;
      moved.index = i;
      up(i);
      down(moved.index);
    }
  }

  private void up(int i) {
    Timeout t = heap[i];
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      Timeout p = heap[parent];
      if (t.at - p.at >= 0) {
        break;
      }
      heap[i] = p;
      p.index = i;
      i = parent;
    }
    heap[i] = t;
    t.index = i;
  }

  private void down(int i) {
    Timeout t = heap[i];
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && heap[right].at - heap[child].at < 0) {
        child = right;
      }
      if (t.at - heap[child].at <= 0) {
        break;
      }
      heap[i] = heap[child];
      heap[i].index = i;
      i = child;
    }
    heap[i] = t;
    t.index = i;
  }

  /** A scheduled task; {@link #cancel()} keeps it from running if it has not started. */
  static final class Timeout {
    private final Watchdog owner;
    private final Runnable task;
    private final long at;

    /** Its place in the heap, or -1 once run or cancelled; guarded by the owner's lock. */
    private int index = -1;

    private Timeout(Watchdog owner, Runnable task, long at) {
      this.owner = owner;
      this.task = task;
      this.at = at;
    }

    /** The task (run by the timer's thread). */
    Runnable task() {
      return task;
    }

    /** Keeps the task from running, unless it is running or ran already; idempotent. */
    void cancel() {
      owner.cancel(this);
    }
  }
}
