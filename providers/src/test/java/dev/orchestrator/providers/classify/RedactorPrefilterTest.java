package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The literal pre-checks never change what redaction does: same output as the patterns alone. */
class RedactorPrefilterTest {

  @Property(tries = 2000)
  void redactsExactlyAsThePatternsAlone(@ForAll("texts") String text) {
    assertThat(Redactor.redact(text)).isEqualTo(patternsOnly(text));
  }

  @Property(tries = 500)
  void keepsTheSameBodyAsRedactingEverything(@ForAll("texts") String text) {
    String padded = text.repeat(20);
    assertThat(Text.keptBody(padded)).isEqualTo(keptBodyOfWholeText(padded));
  }

  @Property(tries = 500)
  void keepsTheSameLineAsRedactingEverything(@ForAll("texts") String text) {
    String padded = text.repeat(20);
    for (int max : new int[] {20, 200, 500}) {
      assertThat(Text.oneLine(padded, max)).isEqualTo(oneLineOfWholeText(padded, max));
    }
  }

  @Test
  void redactsAJsonWebTokenThatRunsPastTheKeptHead() {
    // the token starts inside the kept 2 KiB; its second dot lies far beyond it
    String body =
        "{\"m\":\"" + "x".repeat(2000) + " eyJhbGciOi." + "A".repeat(5000) + ".sig\", \"n\": 1}";

    assertThat(Text.keptBody(body)).isEqualTo(keptBodyOfWholeText(body)).doesNotContain("eyJ");
    assertThat(Text.oneLine(body, 2040)).isEqualTo(oneLineOfWholeText(body, 2040));
  }

  private static String keptBodyOfWholeText(String body) {
    return body == null || body.isBlank()
        ? null
        : Text.headUtf8(patternsOnly(Text.stripControls(body, true)), Text.MAX_KEPT_BODY_BYTES);
  }

  private static String oneLineOfWholeText(String s, int max) {
    String clean = patternsOnly(Text.stripControls(s, false).replaceAll("\\s+", " ").trim());
    return clean.length() > max ? Text.head(clean, max - 1).trim() + "…" : clean;
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> pieces =
        Arbitraries.oneOf(
            Arbitraries.of(
                "sk-",
                "sk-proj-",
                "nvapi-",
                "gsk_",
                "xai-",
                "hf_",
                "pplx-",
                "r8_",
                "ghp_",
                "github_pat_",
                "AIza",
                "AKIA",
                "ASIA",
                "eyJ",
                "Bearer ",
                "bearer\t",
                "BEARER  ",
                "key",
                "KEY",
                "Api-Key",
                "api_key",
                "apikey",
                "token",
                "Access_Token",
                "secret",
                "client-secret",
                "password",
                "passwd",
                "Authorization",
                "x-api-key",
                "\"",
                "'",
                ":",
                "=",
                " : ",
                " = ",
                "\t",
                "\n",
                " ",
                ".",
                "-",
                "_",
                "*",
                "[REDACTED]",
                "İ",
                "K",
                "{",
                "}",
                ",",
                "&",
                "tokens per min",
                "eyJhbGciOiJIUzI1NiJ9.",
                "\u001b[1m",
                "\u0000",
                "\r\n",
                "\uD83D\uDE00",
                "<",
                ">",
                ";",
                "API key provided"),
            Arbitraries.strings().withCharRange('!', '~').ofMinLength(1).ofMaxLength(12),
            Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(8));
    return pieces.list().ofMaxSize(24).map(l -> String.join("", l));
  }

  // The algorithm before the pre-checks, verbatim: the oracle.
  private static final Pattern PREFIXED_KEY =
      Pattern.compile(
          "(?<![A-Za-z0-9])(?:sk-|nvapi-|gsk_|xai-|hf_|pplx-|r8_|ghp_|gho_|github_pat_)"
              + "[A-Za-z0-9_\\-*.]{6,}"
              + "|(?<![A-Za-z0-9])AIza[A-Za-z0-9_\\-]{10,}"
              + "|(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{12,}"
              + "|(?<![A-Za-z0-9_\\-])eyJ[A-Za-z0-9_\\-]{5,}\\.[A-Za-z0-9_\\-]{5,}\\.[A-Za-z0-9_\\-]*");
  private static final Pattern BEARER =
      Pattern.compile(
          "(?i)\\b(bearer)(\\s+)(?:(?=[A-Za-z0-9._~+/=\\-*:]*\\d)[A-Za-z0-9._~+/=\\-*:]{8,}"
              + "|[A-Za-z0-9._~+/=\\-*:]{20,})");
  private static final Pattern NAMED_SECRET =
      Pattern.compile(
          "(?i)(\\b(?:x-api-key|x-goog-api-key|api[_-]?key|apikey|access[_-]?token|refresh[_-]?token"
              + "|auth[_-]?token|token|secret|client[_-]?secret|password|passwd|authorization|key)"
              + "[\"']?\\s*[:=]\\s*[\"']?)(?!(?:bearer\\s+)?\\[REDACTED\\])(?:bearer\\s+)?"
              + "[^\\s\"'&,;{}<>\\[\\]]{4,}");

  private static String patternsOnly(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = PREFIXED_KEY.matcher(text).replaceAll(Redactor.REDACTED);
    out = BEARER.matcher(out).replaceAll("$1$2" + Matcher.quoteReplacement(Redactor.REDACTED));
    Matcher m = NAMED_SECRET.matcher(out);
    StringBuilder b = new StringBuilder(out.length());
    while (m.find()) {
      m.appendReplacement(b, Matcher.quoteReplacement(m.group(1) + Redactor.REDACTED));
    }
    m.appendTail(b);
    return b.toString();
  }
}
