import EmojiPicker, { EmojiStyle, Theme } from "emoji-picker-react";

export function EmojiPickerPanel(props: { onPick: (emoji: string) => void; dark: boolean }) {
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      theme={props.dark ? Theme.DARK : Theme.LIGHT}
      lazyLoadEmojis
      width={320}
      height={380}
      previewConfig={{ showPreview: false }}
      onEmojiClick={(data) => props.onPick(data.emoji)}
    />
  );
}
