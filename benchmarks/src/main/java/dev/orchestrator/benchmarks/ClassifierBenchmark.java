package dev.orchestrator.benchmarks;

import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Classification cost of typical provider error bodies: a 2 KiB OpenAI rate-limit error (JSON), a
 * Cloudflare 502 HTML page and a Cloudflare 524 page with a {@code cf-ray} header (both from the
 * project's error corpus), and a short Anthropic 529. Each benchmark builds the {@link
 * FailureEvidence} (as the client does per failed call) and classifies it. Two more carry no
 * status, as an SDK's or agent's message does: one a status-less row reads, and one no row reads,
 * the worst case, where every last-resort row looks for its words. The classifier runs once per
 * failed call (0.2–60 s), so a few microseconds are what it may cost.
 */
public class ClassifierBenchmark extends SampledBenchmark {

  /** An OpenAI 429 ({@code rate_limit_exceeded}) padded, as real ones are, to exactly 2 KiB. */
  public static final String OPENAI_2K = openAi2k();

  /** Cloudflare's 502 page for api.openai.com (errors.jsonl {@code cloudflare-502-…-html}). */
  static final String CLOUDFLARE_502_HTML =
      "<div id=\"cf-cloudflare-status\" class=\" relative w-1/3 md:w-full py-15 md:p-0 md:py-8"
          + " md:text-left md:border-solid md:border-0 md:border-b md:border-gray-400"
          + " overflow-hidden float-left md:float-none text-center\">\n"
          + "  <div class=\"relative mb-10 md:m-0\">\n"
          + "    <a href=\"https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_502"
          + "&utm_campaign=api.openai.com\" target=\"_blank\" rel=\"noopener noreferrer\">\n"
          + "    <span class=\"cf-icon-cloud block md:hidden h-20 bg-center bg-no-repeat\">"
          + "</span>\n"
          + "    <span class=\"cf-icon-ok w-12 h-12 absolute left-1/2 md:left-auto md:right-0"
          + " md:top-0 -ml-6 -bottom-4\"></span>\n"
          + "    </a>\n"
          + "  </div>\n"
          + "  <span class=\"md:block w-full truncate\">Moscow</span>\n"
          + "  <h3 class=\"md:inline-block mt-3 md:mt-0 text-2xl text-gray-600 font-light"
          + " leading-1.3\">\n"
          + "    <a href=\"https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_502"
          + "&utm_campaign=api.openai.com\" target=\"_blank\" rel=\"noopener noreferrer\">\n"
          + "    Cloudflare\n"
          + "    </a>\n"
          + "  </h3>\n"
          + "  <span class=\"leading-1.3 text-2xl text-green-success\">Working</span>\n"
          + "</div>\n";

  /** Cloudflare's 524 page (provider-errors.jsonl {@code cloudflare-524-html}). */
  static final String CLOUDFLARE_524_HTML =
      "<!DOCTYPE html>\n<html lang=\"en-US\">\n<head>\n"
          + "<title>api.openai.com | 524: A timeout occurred</title>\n</head>\n<body>\n"
          + "<div id=\"cf-error-details\"><h1>A timeout occurred</h1><span>Error code 524</span>"
          + "</div>\n</body>\n</html>\n";

  /** Anthropic's 529 (errors.jsonl {@code anthropic-529-overloaded}). */
  public static final String ANTHROPIC_529 =
      "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"},"
          + "\"request_id\":\"req_011CZAau32QzxDkriovTaFCB\"}";

  /** The headers OpenAI sends with that 429: a request id and the token limit's reset. */
  public static final Map<String, String> OPENAI_HEADERS =
      Map.of(
          "content-type", "application/json",
          "x-request-id", "req_540c6eaab7f4556b2baa22bcba915d51",
          "x-ratelimit-remaining-tokens", "0",
          "x-ratelimit-reset-tokens", "6.5s");

  private static final Map<String, String> CF_HEADERS =
      Map.of("content-type", "text/html; charset=UTF-8", "cf-ray", "7d1a2b3c4d5e6f70-AMS");

  /** An SDK's transport failure as a message alone, read by {@code in_band.connection}. */
  static final String SDK_CONNECTION_MESSAGE = "openai.APIConnectionError: Connection error.";

  /**
   * An agent's own failure line that names no provider's failure: no status, no code, and no words
   * any row reads, so every status-less row is tried and the answer is {@code unknown}.
   */
  static final String UNREAD_MESSAGE =
      "Error in agent loop: AgentExecutor stopped while running step 3 of plan 'summarise-repo'"
          + " (tool=search_code, attempt 2); see logs for details";

  private final FailureClassifier classifier = FailureClassifier.INSTANCE;

  static String openAi2k() {
    String head =
        "{\n  \"error\": {\n    \"message\": \"Rate limit reached for gpt-4o in organization"
            + " org-VDAWofJASuLH0vVz8o9tiQZr on tokens per min (TPM): Limit 30000, Used 29810,"
            + " Requested 1240. Please try again in 2.1s. Visit"
            + " https://platform.openai.com/account/rate-limits to learn more.";
    String tail =
        "\",\n    \"type\": \"tokens\",\n    \"param\": null,\n"
            + "    \"code\": \"rate_limit_exceeded\"\n  }\n}";
    StringBuilder sb = new StringBuilder(head);
    String filler =
        " You can increase your rate limit by adding a payment method or moving to a higher"
            + " usage tier; see https://platform.openai.com/docs/guides/rate-limits for details.";
    while (sb.length() + filler.length() + tail.length() <= 2048) {
      sb.append(filler);
    }
    while (sb.length() + tail.length() < 2048) {
      sb.append(' ');
    }
    return sb.append(tail).toString();
  }

  /** The 2 KiB OpenAI rate-limit body. */
  @Benchmark
  public ProviderFailure openAi2kRateLimit() {
    return classifier.classify(FailureEvidence.http(429, OPENAI_HEADERS, OPENAI_2K));
  }

  /** The Cloudflare 502 HTML page. */
  @Benchmark
  public ProviderFailure cloudflare502Html() {
    return classifier.classify(FailureEvidence.http(502, CF_HEADERS, CLOUDFLARE_502_HTML));
  }

  /** The Cloudflare 524 page, request id from {@code cf-ray}. */
  @Benchmark
  public ProviderFailure cloudflare524Html() {
    return classifier.classify(FailureEvidence.http(524, CF_HEADERS, CLOUDFLARE_524_HTML));
  }

  /** A short Anthropic 529. */
  @Benchmark
  public ProviderFailure anthropic529() {
    return classifier.classify(FailureEvidence.http(529, Map.of(), ANTHROPIC_529));
  }

  /** An SDK's status-less connection message. */
  @Benchmark
  public ProviderFailure statuslessSdkMessage() {
    return classifier.classify(FailureEvidence.message(SDK_CONNECTION_MESSAGE));
  }

  /** A status-less message no row reads: the fall-through to {@code unknown}. */
  @Benchmark
  public ProviderFailure statuslessUnread() {
    return classifier.classify(FailureEvidence.message(UNREAD_MESSAGE));
  }
}
