package dev.orchestrator.providers.classify;

import java.lang.reflect.Field;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TmpProfileTest {
  @Test
  void profile() throws Exception {
    String head =
        "{\n  \"error\": {\n    \"message\": \"Rate limit reached for gpt-4o in organization"
            + " org-VDAWofJASuLH0vVz8o9tiQZr on tokens per min (TPM): Limit 30000, Used 29810,"
            + " Requested 1240. Please try again in 2.1s. Visit"
            + " https://platform.openai.com/account/rate-limits to learn more.";
    String tail =
        "\",\n    \"type\": \"tokens\",\n    \"param\": null,\n    \"code\": \"rate_limit_exceeded\"\n  }\n}";
    StringBuilder sb = new StringBuilder(head);
    String filler =
        " You can increase your rate limit by adding a payment method or moving to a higher usage tier; see https://platform.openai.com/docs/guides/rate-limits for details.";
    while (sb.length() + filler.length() + tail.length() <= 2048) sb.append(filler);
    String body = sb.append(tail).toString();
    FailureEvidence e = FailureEvidence.http(429, Map.of("x-request-id", "req_1"), body);
    for (int i = 0; i < 3000; i++) FailureClassifier.INSTANCE.classify(e);
    long t0 = System.nanoTime();
    for (int i = 0; i < 3000; i++) FailureClassifier.INSTANCE.classify(e);
    System.out.printf("PROFILE total %.1f us/op%n", (System.nanoTime() - t0) / 3000 / 1000.0);
    String wording = UpstreamError.read(body, null, null).wording();
    long u0 = System.nanoTime();
    for (int i = 0; i < 3000; i++) UpstreamError.read(body, null, null);
    System.out.printf(
        "PROFILE read %.1f us/op (wording %d chars)%n",
        (System.nanoTime() - u0) / 3000 / 1000.0, wording.length());
    for (Field f : FailureRules.class.getDeclaredFields()) {
      if (f.getType() != FailureRules.Words.class) continue;
      f.setAccessible(true);
      FailureRules.Words w = (FailureRules.Words) f.get(null);
      int idx = 0;
      for (FailureRules.Clause c : w.clauses()) {
        for (int i = 0; i < 300; i++) c.in(wording);
        long c0 = System.nanoTime();
        for (int i = 0; i < 1000; i++) c.in(wording);
        double us = (System.nanoTime() - c0) / 1000 / 1000.0;
        if (us > 3)
          System.out.printf("PROFILE %s[%d] %.1f us %s%n", f.getName(), idx, us, c.anchors());
        idx++;
      }
    }
  }
}
