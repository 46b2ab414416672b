package dev.orchestrator.benchmarks.load;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The system under test of a soak, seen from outside: its threads, its sockets (and those toward
 * the upstream), its heap. Either this JVM (the in-process orchestrator) or another process ({@code
 * serve}, read through {@code /proc} and {@code jcmd}). Linux only.
 */
abstract class Subject {
  private static final Pattern JCMD_USED = Pattern.compile("used (\\d+)K");
  private static final Pattern VM_RSS = Pattern.compile("VmRSS:\\s+(\\d+) kB");

  final long pid;
  final int upstreamPort;

  private Subject(long pid, int upstreamPort) {
    this.pid = pid;
    this.upstreamPort = upstreamPort;
  }

  /** This JVM; the upstream's and the soak's own threads are not counted. */
  static Subject self(int upstreamPort) {
    return new Subject(ProcessHandle.current().pid(), upstreamPort) {
      @Override
      List<String> busyThreads(int[] all) {
        List<String> busy = new ArrayList<>();
        int n = 0;
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
          String name = e.getKey().getName();
          if (name.startsWith("loopback-upstream") || name.startsWith("soak-caller-")) {
            continue; // the harness, not the system under test
          }
          n++;
          Thread.State st = e.getKey().getState();
          boolean parked = st == Thread.State.WAITING || st == Thread.State.TIMED_WAITING;
          if (!(parked && idlePoolWorker(e.getValue()))) {
            busy.add(name);
          }
        }
        all[0] = n;
        return busy;
      }

      @Override
      long heapAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
      }

      @Override
      long memorySample() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
      }
    };
  }

  /** Another process, e.g. {@code serve}. */
  static Subject process(long pid, int upstreamPort) {
    return new Subject(pid, upstreamPort) {
      @Override
      List<String> busyThreads(int[] all) {
        String dump = jcmd("Thread.print");
        List<String> busy = new ArrayList<>();
        int n = 0;
        for (String block : dump.split("\n\\s*\n")) {
          String b = block.strip();
          if (!b.startsWith("\"")) {
            continue;
          }
          n++;
          String name = b.substring(1, b.indexOf('"', 1));
          boolean parked =
              b.contains("java.lang.Thread.State: WAITING")
                  || b.contains("java.lang.Thread.State: TIMED_WAITING");
          // idle pool threads: the JDK's executors, and Jetty's (serve's workers waiting for a
          // job, and the reserved threads it keeps for producing ones)
          boolean idle =
              parked
                  && (b.contains("ThreadPoolExecutor.getTask")
                      || b.contains("ForkJoinPool.awaitWork")
                      || b.contains("QueuedThreadPool$Runner.idleJobPoll")
                      || b.contains("ReservedThreadExecutor$ReservedThread.waitForTask"));
          // The JVM adds and retires compiler threads on its own; jcmd itself starts the
          // attach listener.
          boolean jvm = name.contains("CompilerThread") || name.equals("Attach Listener");
          if (!idle && !jvm) {
            busy.add(name);
          }
        }
        all[0] = n;
        return busy;
      }

      @Override
      long heapAfterGc() {
        jcmd("GC.run");
        Matcher m = JCMD_USED.matcher(jcmd("GC.heap_info"));
        return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
      }

      @Override
      long memorySample() {
        try {
          Matcher m = VM_RSS.matcher(Files.readString(Path.of("/proc/" + pid + "/status")));
          return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
        } catch (IOException e) {
          return -1;
        }
      }

      private String jcmd(String command) {
        try {
          Process p =
              new ProcessBuilder("jcmd", String.valueOf(pid), command)
                  .redirectErrorStream(true)
                  .start();
          String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
          if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
          }
          return out;
        } catch (IOException e) {
          return "";
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return "";
        }
      }
    };
  }

  /** Names of threads that are not idle pool workers; {@code all[0]} receives the total. */
  abstract List<String> busyThreads(int[] all);

  /** Heap in use right after a full GC, bytes. */
  abstract long heapAfterGc();

  /** A cheap memory reading for sampling during the run (heap used, or RSS), bytes. */
  abstract long memorySample();

  Snapshot snapshot() {
    int[] all = new int[1];
    List<String> busy = busyThreads(all);
    Set<Long> inodes = socketInodes();
    return new Snapshot(all[0], busy, inodes.size(), upstreamSockets(inodes), heapAfterGc());
  }

  static boolean idlePoolWorker(StackTraceElement[] stack) {
    for (StackTraceElement f : stack) {
      String m = f.getClassName() + "." + f.getMethodName();
      if (m.equals("java.util.concurrent.ThreadPoolExecutor.getTask")
          || m.equals("java.util.concurrent.ForkJoinPool.awaitWork")) {
        return true;
      }
    }
    return false;
  }

  /** Inodes of the process's socket file descriptors. */
  Set<Long> socketInodes() {
    Set<Long> out = new HashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/" + pid + "/fd"))) {
      for (Path fd : fds) {
        try {
          String link = Files.readSymbolicLink(fd).toString();
          if (link.startsWith("socket:[")) {
            out.add(Long.parseLong(link.substring(8, link.length() - 1)));
          }
        } catch (IOException | RuntimeException e) {
          // the fd closed meanwhile
        }
      }
    } catch (IOException e) {
      // not Linux, or the process is gone
    }
    return out;
  }

  /** How many of {@code inodes} are TCP connections toward the upstream, TIME_WAIT aside. */
  int upstreamSockets(Set<Long> inodes) {
    int n = 0;
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      List<String> lines;
      try {
        lines = Files.readAllLines(Path.of(table));
      } catch (IOException e) {
        continue;
      }
      for (int i = 1; i < lines.size(); i++) {
        String[] f = lines.get(i).trim().split("\\s+");
        if (f.length < 10) {
          continue;
        }
        String remote = f[2];
        int port = Integer.parseInt(remote.substring(remote.indexOf(':') + 1), 16);
        boolean timeWait = f[3].equals("06");
        if (port == upstreamPort && !timeWait && inodes.contains(Long.parseLong(f[9]))) {
          n++;
        }
      }
    }
    return n;
  }

  /** One reading. */
  static final class Snapshot {
    final int threads;
    final int busyThreads;
    final List<String> busyNames;
    final int socketFds;
    final int upstreamSockets;
    final long heapAfterGc;

    Snapshot(
        int threads, List<String> busyNames, int socketFds, int upstreamSockets, long heapAfterGc) {
      this.threads = threads;
      this.busyThreads = busyNames.size();
      this.busyNames = busyNames;
      this.socketFds = socketFds;
      this.upstreamSockets = upstreamSockets;
      this.heapAfterGc = heapAfterGc;
    }

    /** Busy thread names here that {@code before} did not have (numbers stripped). */
    List<String> newThreadNames(Snapshot before) {
      List<String> was = new ArrayList<>();
      for (String n : before.busyNames) {
        was.add(strip(n));
      }
      List<String> out = new ArrayList<>();
      for (String n : busyNames) {
        if (!was.remove(strip(n))) {
          out.add(n);
        }
      }
      return out;
    }

    private static String strip(String n) {
      return n.replaceAll("\\d+", "#");
    }

    Map<String, Object> describe() {
      return Map.of(
          "threads", threads,
          "busyThreads", busyThreads,
          "socketFds", socketFds,
          "upstreamSockets", upstreamSockets,
          "heapAfterGcMiB", heapAfterGc >> 20);
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "threads %d (busy %d), socket fds %d, sockets toward the upstream %d, heap after GC %d"
              + " MiB",
          threads,
          busyThreads,
          socketFds,
          upstreamSockets,
          heapAfterGc >> 20);
    }
  }
}
