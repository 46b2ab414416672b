-- fail: ARGV[4] counter ('f' breaker failures, 'k' stream cuts), ARGV[5] its threshold,
-- ARGV[6] first open time ms, ARGV[7] open cap ms. One retryable failure (or stream cut) on a
-- closed breaker, counted for the whole fleet in the meta hash; the count that reaches the
-- threshold opens the breaker (both counts then start again). Nothing is published below it.
failed()
if redis.call('EXISTS', KEYS[1]) == 1 then
  return snapshot()
end
if redis.call('HINCRBY', KEYS[5], ARGV[4], 1) < tonumber(ARGV[5]) then
  return snapshot()
end
redis.call('HDEL', KEYS[5], 'f', 'k')
local step = tonumber(ARGV[6])
redis.call('HSET', KEYS[1], 'until', int(now + step), 'step', int(step))
redis.call('PEXPIRE', KEYS[1], step + tonumber(ARGV[7]))
return changed()
