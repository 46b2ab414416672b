-- probe: ARGV[4] token, ARGV[5] lease ms. The one half-open probe of the fleet: granted when the
-- breaker is open, its open time has passed and no live lease exists (SET NX PX: a lease whose
-- holder dies expires by itself). Returns {verdict, snapshot}: closed, shed or probe.
local u = num(redis.call('HGET', KEYS[1], 'until'))
if u == 0 then
  return {'closed', snapshot()}
end
if u > now then
  return {'shed', snapshot()}
end
local lease = tonumber(ARGV[5])
if redis.call('SET', KEYS[2], ARGV[4], 'NX', 'PX', lease) then
  -- its end by the granting caller's clock, as every other end here: what the snapshot reports
  redis.call('HSET', KEYS[5], 'lu', int(now + lease), 'lg', int(now))
  keepBreaker(lease)
  return {'probe', changed()}
end
return {'shed', snapshot()}
