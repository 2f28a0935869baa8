-- Checkout's contended step (lock, check, write) and its COMMIT travel in one request, so no buyer holds the quota
-- lock while the server turns around. A refusal (sold out, coupon used up) must then abort the transaction instead
-- of committing the order without seats: the check raises this, carrying what the answer needs as JSON in DETAIL.
CREATE OR REPLACE FUNCTION pv_refuse(detail text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'PV409', MESSAGE = 'pavilion: checkout refused', DETAIL = detail;
END
$$;
