package dev.orchestrator.benchmarks.load;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * The CPU time and the heap allocation of another JVM on this machine — the {@code serve} process
 * the harness started — read from its platform MXBeans over the JDK's Attach API (its local
 * management agent). A cell divides the difference of two readings by its calls: the gateway's own
 * work per request, which the harness's CPU figure (callers, client, upstream) does not hold.
 * Allocation is the sum over the threads alive at the second reading of what each allocated since
 * the first (a thread that ended in between is not counted); the agent's own RMI threads add a few
 * KB a reading. Thread-safe for one reader at a time.
 */
final class JvmMeter implements AutoCloseable {
  private final JMXConnector connector;
  private final com.sun.management.OperatingSystemMXBean os;
  private final com.sun.management.ThreadMXBean threads;

  /**
   * One reading.
   *
   * @param cpuNanos the process's CPU time, every thread
   * @param allocatedByThread bytes each live thread has allocated since it started, by thread id
   */
  record Reading(long cpuNanos, Map<Long, Long> allocatedByThread) {
    /** Bytes allocated between {@code earlier} and this reading by the threads alive now. */
    long allocatedSince(Reading earlier) {
      long sum = 0;
      for (Map.Entry<Long, Long> e : allocatedByThread.entrySet()) {
        sum += e.getValue() - earlier.allocatedByThread.getOrDefault(e.getKey(), 0L);
      }
      return sum;
    }
  }

  private JvmMeter(JMXConnector connector, MBeanServerConnection mbeans) throws IOException {
    this.connector = connector;
    this.os =
        ManagementFactory.newPlatformMXBeanProxy(
            mbeans,
            ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME,
            com.sun.management.OperatingSystemMXBean.class);
    this.threads =
        ManagementFactory.newPlatformMXBeanProxy(
            mbeans, ManagementFactory.THREAD_MXBEAN_NAME, com.sun.management.ThreadMXBean.class);
  }

  /**
   * Attaches to the JVM of process {@code pid} (same user, attach not disabled); empty, with the
   * reason printed, when it cannot.
   */
  static Optional<JvmMeter> attach(long pid) {
    try {
      VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
      String address;
      try {
        address = vm.startLocalManagementAgent();
      } finally {
        vm.detach();
      }
      JMXConnector c = JMXConnectorFactory.connect(new JMXServiceURL(address));
      return Optional.of(new JvmMeter(c, c.getMBeanServerConnection()));
    } catch (Exception e) {
      System.out.println("meter: cannot attach to pid " + pid + ": " + e);
      return Optional.empty();
    }
  }

  /** Reads the process's CPU time and every live thread's allocated bytes. */
  Reading read() {
    long[] ids = threads.getAllThreadIds();
    long[] bytes = threads.getThreadAllocatedBytes(ids);
    Map<Long, Long> byThread = new HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      if (bytes[i] >= 0) { // -1: the thread ended meanwhile
        byThread.put(ids[i], bytes[i]);
      }
    }
    return new Reading(os.getProcessCpuTime(), byThread);
  }

  @Override
  public void close() {
    try {
      connector.close();
    } catch (IOException e) {
      // the process is gone already
    }
  }
}
