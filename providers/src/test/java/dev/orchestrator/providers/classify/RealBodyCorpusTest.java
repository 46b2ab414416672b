package dev.orchestrator.providers.classify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The classifier against real error bodies and SDK/CLI messages nobody tuned a rule to: {@code
 * errors/corpus/real-bodies.jsonl} (its header says where the rows come from and which are high
 * stakes). The file is split by row id, before any rule was written against it, into a "rules" part
 * and a held-out fifth; the score on the held-out fifth is the measure, printed by {@link
 * #scoresTheHeldOutFifth()} as counts only (its misses are not listed, so that no rule is written
 * against them); the misses of the "rules" part are listed.
 */
class RealBodyCorpusTest {
  static final String RESOURCE = "/errors/corpus/real-bodies.jsonl";

  /**
   * The share of held-out rows below which the build fails: a regression floor, a little under
   * today's score. Issue #29 asks for 95 %; blind rounds of harder rows added to the held-out fifth
   * (ADR 0030, addendum) brought the score under it, and it is reported, not asserted, until met.
   * Lowered from 91 % when rounds in the languages and the consumer apps' words the vocabulary
   * reached least (40–77 % before reading, ADR 0030 seventh addendum) joined the held-out fifth; on
   * the rows it held before them the score rose (804 → 814 of 873). Lowered from 90 % when three
   * blind rounds scored at 83 % on arrival (ADR 0030, thirty-first addendum) joined it: on the rows
   * it held before them the score is unchanged (1,590 of 1,765).
   */
  static final double HELD_OUT_FLOOR = 0.895;

  // Letters of a script other than Latin (CJK, kana, Hangul, Cyrillic): a non-English row.
  private static final Pattern NON_LATIN =
      Pattern.compile("[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}\\p{IsCyrillic}]");

  @Test
  void everyRowCitesItsSourceAndKeepsTheSplitItsIdGivesIt() {
    List<JsonNode> rows = rows();
    Set<String> ids = new HashSet<>();
    Set<String> providers = new HashSet<>();
    int statusless = 0;
    int nonEnglish = 0;
    for (JsonNode row : rows) {
      String id = row.path("id").asText();
      assertThat(ids.add(id)).as("unique id %s", id).isTrue();
      providers.add(row.path("provider").asText());
      assertThat(row.path("source").asText()).as(id).containsPattern("https?://");
      assertThat(row.path("split").asText()).as(id).isEqualTo(splitOf(id));
      assertThat(row.path("expect").has("category")).as(id).isTrue();
      JsonNode input = row.path("input");
      assertThat(input.has("body") || input.has("message")).as(id).isTrue();
      statusless += input.has("message") && !input.has("status") ? 1 : 0;
      nonEnglish += NON_LATIN.matcher(input.toString()).find() ? 1 : 0;
      if (row.has("highStakes")) {
        assertThat(row.path("expect").path("retryable").asBoolean(true)).as(id).isFalse();
      }
    }
    // issue #29: at least 400 bodies from 40 sources, 80 status-less messages, 40 not in English
    assertThat(rows).hasSizeGreaterThanOrEqualTo(400);
    assertThat(providers).hasSizeGreaterThanOrEqualTo(40);
    assertThat(statusless).isGreaterThanOrEqualTo(80);
    assertThat(nonEnglish).isGreaterThanOrEqualTo(40);
  }

  @Test
  void scoresTheHeldOutFifth() {
    Score held = score("holdout");
    Score rules = score("rules");
    System.out.printf(
        Locale.ROOT,
        "real-body corpus: held-out %d/%d (%.1f%%), high-stakes %d/%d; with a status %d/%d,"
            + " high-stakes %d/%d; rules part %d/%d%n",
        held.right,
        held.total,
        100.0 * held.right / held.total,
        held.highRight,
        held.highTotal,
        held.statusRight,
        held.statusTotal,
        held.statusHighRight,
        held.statusHighTotal,
        rules.right,
        rules.total);
    rules.misses.forEach(m -> System.out.println("  rules miss: " + m));
    assertThat((double) held.right / held.total).isGreaterThanOrEqualTo(HELD_OUT_FLOOR);
  }

  @Test
  void answersEveryRowTheRulesWereWrittenAgainst() {
    assertThat(score("rules").misses).isEmpty();
  }

  /** Whether the classifier answers the row as expected (category, and retryable when given). */
  static String miss(JsonNode row) {
    ProviderFailure f =
        FailureClassifier.INSTANCE
            .explainStrict(ErrorExamples.evidence(row.get("input")))
            .failure();
    JsonNode expect = row.get("expect");
    List<FailureCategory> accepted = new ArrayList<>();
    JsonNode cat = expect.get("category");
    if (cat.isArray()) {
      cat.forEach(n -> accepted.add(FailureCategory.fromWireName(n.asText())));
    } else {
      accepted.add(FailureCategory.fromWireName(cat.asText()));
    }
    boolean right =
        accepted.contains(f.category())
            && (!expect.has("retryable") || expect.get("retryable").asBoolean() == f.retryable());
    return right
        ? null
        : row.path("id").asText()
            + ": "
            + f.category().wireName()
            + (f.retryable() ? " (retryable)" : "")
            + ", expected "
            + cat;
  }

  private static Score score(String split) {
    Score s = new Score();
    for (JsonNode row : rows()) {
      if (!split.equals(row.path("split").asText())) {
        continue;
      }
      boolean high = row.has("highStakes");
      boolean status = row.path("input").has("status");
      String miss = miss(row);
      s.total++;
      s.highTotal += high ? 1 : 0;
      s.statusTotal += status ? 1 : 0;
      s.statusHighTotal += status && high ? 1 : 0;
      if (miss == null) {
        s.right++;
        s.highRight += high ? 1 : 0;
        s.statusRight += status ? 1 : 0;
        s.statusHighRight += status && high ? 1 : 0;
      } else {
        s.misses.add((high ? "[high-stakes] " : "") + miss);
      }
    }
    return s;
  }

  /** Counts for one split. */
  private static final class Score {
    int total;
    int right;
    int highTotal;
    int highRight;
    // rows with an HTTP status: what the engine classifies on every failed HTTP answer (most
    // status-less rows are an SDK's or an app's message, which only `classify` callers read)
    int statusTotal;
    int statusRight;
    int statusHighTotal;
    int statusHighRight;
    final List<String> misses = new ArrayList<>();
  }

  /** "holdout" when the first 8 hex digits of SHA-256(id) are 0 mod 5, else "rules". */
  static String splitOf(String id) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(id.getBytes(StandardCharsets.UTF_8));
      long head = Long.parseLong(HexFormat.of().formatHex(digest, 0, 4), 16);
      return head % 5 == 0 ? "holdout" : "rules";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Every row of the corpus, in file order; lines starting with '#' are the header. */
  static List<JsonNode> rows() {
    return ErrorExamples.jsonLines(RESOURCE);
  }
}
