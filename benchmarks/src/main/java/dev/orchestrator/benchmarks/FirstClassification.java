package dev.orchestrator.benchmarks;

import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.providers.HttpProviderClients;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import java.util.Locale;
import java.util.Map;

/**
 * What the first failure in a fresh process costs to classify: run it once per JVM, as {@code java
 * -cp benchmarks.jar dev.orchestrator.benchmarks.FirstClassification [clients]}. With {@code
 * clients} it first builds the provider clients, as every embedding and {@code serve} does (which
 * starts the classifier's warm-up), then waits one second, as a first request waits on the network,
 * and times one classification of a 2 KiB OpenAI 429; without it, only the wait and the
 * classification. Not a JMH benchmark: JMH measures the warm cost, and this is the cold one.
 */
public final class FirstClassification {
  private FirstClassification() {}

  /**
   * Prints the time to build the clients and the time of the first classification.
   *
   * @param args {@code clients} to build the provider clients first
   * @throws InterruptedException if interrupted while waiting
   */
  public static void main(String[] args) throws InterruptedException {
    boolean clients = args.length > 0 && args[0].equals("clients");
    long start = System.nanoTime();
    if (clients) {
      HttpProviderClients.builder().build();
    }
    long built = System.nanoTime();
    Thread.sleep(1000);
    long before = System.nanoTime();
    ProviderFailure f =
        FailureClassifier.INSTANCE.classify(
            FailureEvidence.http(429, Map.of(), ClassifierBenchmark.OPENAI_2K));
    long after = System.nanoTime();
    System.out.printf(
        Locale.ROOT,
        "clients built in %d ms; first classification %.1f ms (%s)%n",
        (built - start) / 1_000_000,
        (after - before) / 1e6,
        f.category().wireName());
  }
}
