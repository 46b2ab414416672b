-- cooldown: ARGV[4] until (wall ms). The longer of this and any current cooldown; the key lives
-- exactly until the cooldown ends.
failed()
local u = tonumber(ARGV[4])
if u <= now or num(redis.call('GET', KEYS[3])) >= u then
  return snapshot()
end
redis.call('SET', KEYS[3], ARGV[4], 'PX', u - now)
return changed()
