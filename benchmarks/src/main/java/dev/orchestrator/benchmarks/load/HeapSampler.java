package dev.orchestrator.benchmarks.load;

/** Samples the subject's memory every 200 ms on a daemon thread and keeps the peak. */
final class HeapSampler {
  private final Subject subject;
  private final Thread thread;
  private volatile boolean running = true;
  private volatile long peak;

  HeapSampler(Subject subject) {
    this.subject = subject;
    this.thread = new Thread(this::loop, "soak-heap-sampler");
    thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  void stop() throws InterruptedException {
    running = false;
    thread.interrupt();
    thread.join(2000);
  }

  long peak() {
    return peak;
  }

  private void loop() {
    while (running) {
      peak = Math.max(peak, subject.memorySample());
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        return;
      }
    }
  }
}
