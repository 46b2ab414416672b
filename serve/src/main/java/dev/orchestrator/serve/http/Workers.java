package dev.orchestrator.serve.http;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The places of the requests a front runs: at most {@code places} run at once, the rest wait in
 * arrival order. A request whose body was read on the thread that took it runs on that thread when
 * a place is free and no request waits for one ({@link #runHereOrQueue}), so the common request —
 * its small body arrived with its head — is handed to no other thread; every other one is queued
 * ({@link #execute}) and taken by one of at most {@code places} queue threads as a place frees (ADR
 * 0059). A fair {@link Semaphore} counts the places, so a request that finds a free place never
 * overtakes one that waits — nor one queued that no queue thread has taken up yet, counted apart.
 */
public final class Workers implements Executor {
  private final int places;
  private final Semaphore free;
  private final ThreadPoolExecutor queue;
  private final AtomicInteger queued = new AtomicInteger(); // handed to execute(), not yet done
  // Handed to execute() and not yet in a place: also while no queue thread has taken it up yet (one
  // starting, or between two requests), when it waits in no semaphore queue.
  private final AtomicInteger waiting = new AtomicInteger();

  /** {@code places} requests at once; the queue's threads are made by {@code threads}. */
  public Workers(int places, ThreadFactory threads) {
    if (places < 1) {
      throw new IllegalArgumentException("places: " + places + " (expected: at least 1)");
    }
    this.places = places;
    this.free = new Semaphore(places, true);
    this.queue =
        new ThreadPoolExecutor(
            places, places, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threads);
    queue.allowCoreThreadTimeOut(true);
  }

  /**
   * Runs {@code task} on this thread when a place is free and no request waits for one, and returns
   * when it has run; otherwise queues it ({@link #execute}) and returns at once.
   */
  public void runHereOrQueue(Runnable task) {
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
      execute(task);
    }
  }

  /** Queues {@code task}: a queue thread runs it once a place is free, in arrival order. */
  @Override
  public void execute(Runnable task) {
    queued.incrementAndGet();
    waiting.incrementAndGet();
    try {
      queue.execute(
          () -> {
            try {
              free.acquire();
            } catch (InterruptedException e) { // shutting down: the request is abandoned with it
              Thread.currentThread().interrupt();
              waiting.decrementAndGet();
              queued.decrementAndGet();
              return;
            }
            waiting.decrementAndGet();
            try {
              runInPlace(task);
            } finally {
              queued.decrementAndGet();
            }
          });
    } catch (RuntimeException e) { // rejected: shut down
      waiting.decrementAndGet();
      queued.decrementAndGet();
      throw e;
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
