package dev.orchestrator.serve.http;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * The places of the requests a front runs: at most {@code places} run at once, the rest wait in
 * arrival order. A request whose body was read on the thread that took it runs on that thread when
 * a place is free and no request waits for one ({@link #runHereOrQueue}), so the common request —
 * its small body arrived with its head — is handed to no other thread; every other one is queued
 * ({@link #execute}) and taken by one of at most {@code places} queue threads as a place frees (ADR
 * 0059). A fair {@link Semaphore} counts the places, so a request that finds a free place never
 * overtakes one that waits — nor one queued that no queue thread has taken up yet, counted apart. A
 * request queued with a deadline ({@link #execute(Runnable, long, Runnable)}) that passes before it
 * has a place is withdrawn at its deadline by a timer on the scheduler, and its {@code expired}
 * answer runs at once on the executor for answers that need no place; the place-taking skips it.
 */
public final class Workers implements Executor {
  private final int places;
  private final Semaphore free;
  private final ThreadPoolExecutor queue;
  private final AtomicInteger queued = new AtomicInteger(); // handed to execute(), not yet done
  // Handed to execute() and not yet in a place: also while no queue thread has taken it up yet (one
  // starting, or between two requests), when it waits in no semaphore queue.
  private final AtomicInteger waiting = new AtomicInteger();

  private final Scheduler timer; // null: deadlines are not kept (a queued request waits on)
  private final Executor expiries;

  /** {@code places} requests at once; the queue's threads are made by {@code threads}. */
  public Workers(int places, ThreadFactory threads) {
    this(places, threads, null, null);
  }

  /**
   * {@code places} requests at once; the queue's threads are made by {@code threads}; a queued
   * request whose deadline passes is withdrawn by a task on {@code timer} and answered on {@code
   * expiries}.
   */
  public Workers(int places, ThreadFactory threads, Scheduler timer, Executor expiries) {
    if (places < 1) {
      throw new IllegalArgumentException("places: " + places + " (expected: at least 1)");
    }
    if ((timer == null) != (expiries == null)) {
      throw new IllegalArgumentException("timer and expiries: both or neither");
    }
    this.places = places;
    this.free = new Semaphore(places, true);
    this.queue =
        new ThreadPoolExecutor(
            places, places, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threads);
    queue.allowCoreThreadTimeOut(true);
    this.timer = timer;
    this.expiries = expiries;
  }

  /**
   * Runs {@code task} on this thread when a place is free and no request waits for one, and returns
   * when it has run; otherwise queues it ({@link #execute}) and returns at once.
   */
  public void runHereOrQueue(Runnable task) {
    runHereOrQueue(task, 0, null);
  }

  /**
   * Like {@link #runHereOrQueue(Runnable)}; queued, the request is withdrawn at {@code
   * deadlineNanos} (on {@link System#nanoTime()}) if it has no place by then, and {@code expired}
   * runs instead of {@code task} ({@link #execute(Runnable, long, Runnable)}).
   */
  public void runHereOrQueue(Runnable task, long deadlineNanos, Runnable expired) {
    boolean placed = false;
    if (waiting.get() == 0) { // a queued request not yet on the semaphore still comes first
      try {
        placed = free.tryAcquire(0, TimeUnit.NANOSECONDS); // unlike tryAcquire(), honours fairness
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (placed) {
      runInPlace(task);
    } else {
      execute(task, deadlineNanos, expired);
    }
  }

  /** Queues {@code task}: a queue thread runs it once a place is free, in arrival order. */
  @Override
  public void execute(Runnable task) {
    execute(task, 0, null);
  }

  /**
   * Queues {@code task} like {@link #execute(Runnable)}; with {@code expired} (and a timer given to
   * the constructor), a request still without a place at {@code deadlineNanos} (on {@link
   * System#nanoTime()}) is withdrawn then — it no longer counts as waiting, the place-taking skips
   * it — and {@code expired} runs on the constructor's executor for answers instead of {@code task}
   * (docs/reference.md §5: a request waiting for a place is answered at its deadline).
   */
  public void execute(Runnable task, long deadlineNanos, Runnable expired) {
    queued.incrementAndGet();
    waiting.incrementAndGet();
    Queued q = new Queued(task, expired);
    if (expired != null && timer != null) {
      long delay = deadlineNanos - System.nanoTime();
      if (delay <= 0) {
        q.due();
        return;
      }
      q.deadline = timer.schedule(q::due, delay, TimeUnit.NANOSECONDS);
      if (q.taken.get()) {
        q.deadline.cancel(); // taken as it was scheduled: take() may have missed this task
      }
    }
    try {
      queue.execute(q);
    } catch (RuntimeException e) { // rejected: shut down
      if (q.take()) {
        waiting.decrementAndGet();
        queued.decrementAndGet();
      }
      throw e;
    }
  }

  /**
   * One queued request: taken once, either by a queue thread with a place ({@link #run}) or by its
   * deadline ({@link #due}), whichever comes first.
   */
  private final class Queued implements Runnable {
    private final Runnable task;
    private final Runnable expired;
    private final AtomicBoolean taken = new AtomicBoolean();
    private volatile Scheduler.Task deadline;

    Queued(Runnable task, Runnable expired) {
      this.task = task;
      this.expired = expired;
    }

    /** Whether this caller took the request (and is to account for it). */
    boolean take() {
      if (!taken.compareAndSet(false, true)) {
        return false;
      }
      Scheduler.Task d = deadline;
      if (d != null) {
        d.cancel();
      }
      return true;
    }

    /** On a queue thread: waits for a place, then runs the request unless its deadline took it. */
    @Override
    public void run() {
      if (taken.get()) {
        return; // withdrawn at its deadline before a queue thread came to it
      }
      try {
        free.acquire();
      } catch (InterruptedException e) { // shutting down: the request is abandoned with it
        Thread.currentThread().interrupt();
        if (take()) {
          waiting.decrementAndGet();
          queued.decrementAndGet();
        }
        return;
      }
      if (!take()) {
        free.release(); // answered at its deadline meanwhile: the place goes to the next one
        return;
      }
      waiting.decrementAndGet();
      try {
        runInPlace(task);
      } finally {
        queued.decrementAndGet();
      }
    }

    /** The deadline: withdraws the request and answers it, unless a place took it first. */
    void due() {
      if (!take()) {
        return;
      }
      waiting.decrementAndGet();
      try {
        expiries.execute(
            () -> {
              try {
                expired.run();
              } finally {
                queued.decrementAndGet();
              }
            });
      } catch (RejectedExecutionException e) { // shutting down: the request is abandoned with it
        queued.decrementAndGet();
      }
    }
  }

  /** Runs {@code task} in the place its caller holds, and gives the place back. */
  private void runInPlace(Runnable task) {
    try {
      task.run();
    } finally {
      free.release();
    }
  }

  /** How many requests run now. */
  public int busy() {
    return places - free.availablePermits();
  }

  /** How many requests wait for a place. */
  public int waiting() {
    return waiting.get();
  }

  /**
   * Whether no request runs in a place, waits for one or is on its way to one: what a server
   * draining for its close waits for, so that a queued request is answered before the port closes.
   */
  public boolean idle() {
    return queued.get() == 0 && busy() == 0;
  }

  /** Stops the queue's threads: queued requests are dropped, those they run interrupted. */
  public void shutdownNow() {
    queue.shutdownNow();
  }
}
