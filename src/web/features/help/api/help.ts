import { useMutation, useQuery } from "@tanstack/react-query";
import { bookingResponse, contactResponse } from "../../../../domain/help.schemas";
import { api } from "../../../lib/api-client";

export function useContactSupport() {
  return useMutation({
    mutationFn: (body: { subject: string; message: string }) =>
      api.post("/api/help/contact", body, { schema: contactResponse }),
  });
}

export function useBookingLink() {
  return useQuery({
    queryKey: ["help", "booking"],
    queryFn: () => api.get("/api/help/booking", { schema: bookingResponse }),
  });
}
