-- hasten: a panic-mode answer while the breaker is open. The route may be back: its open time ends
-- now, so that the fleet's next admission is its probe. The breaker stays open (only the probe's
-- success closes it) and its open step is kept.
local u = num(redis.call('HGET', KEYS[1], 'until'))
if u <= now then
  return snapshot()
end
redis.call('HSET', KEYS[1], 'until', ARGV[2])
return changed()
