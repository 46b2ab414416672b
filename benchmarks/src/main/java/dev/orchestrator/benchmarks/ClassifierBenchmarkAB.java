package dev.orchestrator.benchmarks;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * An interleaved A/B of {@link ClassifierBenchmark} across builds: each given {@code
 * benchmarks.jar} is loaded in a class loader of its own, and batches of each build's calls
 * alternate in one JVM, so load that comes and goes on a shared machine hits every build alike.
 * Prints, per benchmark and build, the median and the best of the batch means (µs per call).
 *
 * <pre>
 * java -Drounds=40 -cp benchmarks/target/benchmarks.jar \
 *   dev.orchestrator.benchmarks.ClassifierBenchmarkAB before.jar after.jar
 * </pre>
 *
 * <p>Run on demand only; not thread-safe (one run per JVM).
 */
public final class ClassifierBenchmarkAB {

  private static final String[] BENCHMARKS = {
    "openAi2kRateLimit", "cloudflare502Html", "cloudflare524Html", "anthropic529"
  };
  private static final int BATCH = 2000;
  private static final int WARMUP_ROUNDS = 10;

  private ClassifierBenchmarkAB() {}

  /**
   * Runs the A/B over the jars named by {@code args} (at least one).
   *
   * @throws IllegalArgumentException if no jar is given, or {@code -Drounds} is below 1
   * @throws Throwable if a jar lacks {@link ClassifierBenchmark} or a benchmark throws
   */
  public static void main(String[] args) throws Throwable {
    if (args.length == 0) {
      throw new IllegalArgumentException("jars: none (expected: one benchmarks.jar or more)");
    }
    int rounds = Integer.getInteger("rounds", 40);
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds: " + rounds + " (expected: at least 1)");
    }
    List<MethodHandle[]> builds = new ArrayList<>();
    for (String jar : args) {
      builds.add(benchmarksOf(Path.of(jar)));
    }
    double[][][] means = new double[args.length][BENCHMARKS.length][rounds];
    Object sink = null;
    for (int r = -WARMUP_ROUNDS; r < rounds; r++) {
      for (int b = 0; b < BENCHMARKS.length; b++) {
        for (int j = 0; j < args.length; j++) {
          MethodHandle m = builds.get(j)[b];
          long t0 = System.nanoTime();
          for (int i = 0; i < BATCH; i++) {
            sink = (Object) m.invokeExact();
          }
          long elapsed = System.nanoTime() - t0;
          if (r >= 0) {
            means[j][b][r] = elapsed / 1000.0 / BATCH;
          }
        }
      }
    }
    System.out.println(
        "load "
            + loadAverage()
            + " (µs per call: median / best of "
            + rounds
            + " batch means of "
            + BATCH
            + ")");
    for (int b = 0; b < BENCHMARKS.length; b++) {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-20s", BENCHMARKS[b]));
      for (int j = 0; j < args.length; j++) {
        double[] x = means[j][b].clone();
        Arrays.sort(x);
        line.append(String.format(Locale.ROOT, "  %7.2f / %6.2f", x[x.length / 2], x[0]));
      }
      System.out.println(line);
    }
    if (sink == null) {
      throw new AssertionError("a benchmark returned null");
    }
  }

  private static MethodHandle[] benchmarksOf(Path jar) throws ReflectiveOperationException {
    URL url;
    try {
      url = jar.toUri().toURL();
    } catch (IOException e) {
      throw new IllegalArgumentException("jar: " + jar + " (expected: a file path)", e);
    }
    // not closed: its classes run until the JVM exits
    @SuppressWarnings("resource")
    URLClassLoader loader =
        new URLClassLoader(new URL[] {url}, ClassLoader.getPlatformClassLoader());
    Class<?> c = loader.loadClass(ClassifierBenchmark.class.getName());
    Object instance = c.getConstructor().newInstance();
    MethodHandle[] handles = new MethodHandle[BENCHMARKS.length];
    for (int b = 0; b < BENCHMARKS.length; b++) {
      Class<?> returns = c.getMethod(BENCHMARKS[b]).getReturnType();
      handles[b] =
          MethodHandles.publicLookup()
              .findVirtual(c, BENCHMARKS[b], MethodType.methodType(returns))
              .bindTo(instance)
              .asType(MethodType.methodType(Object.class));
    }
    return handles;
  }

  /** The machine's load average as {@code /proc/loadavg} gives it, or {@code unknown}. */
  public static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
