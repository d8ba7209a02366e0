"""Spanish and French for the alert strings, to merge into locales/*/messages.po.

    python -m bot.alerts.po.translations   # fills the empty alert entries, then run
    python scripts/catalogues.py compile   # and check

Only entries whose msgstr is empty are filled: a translator's work is never overwritten.
Plural entries give the forms in order (es and fr have three: one, many, other).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[3]

T = str | tuple[str, ...]

ES: dict[str, T] = {
    "now %(price)s/hour": "ahora %(price)s/hora",
    "%(gpu)s price per GPU-hour": "Precio de la %(gpu)s por GPU-hora",
    "Alert removed.": "Alerta eliminada.",
    "That alert was already removed.": "Esa alerta ya estaba eliminada.",
    "%(count)s price changed.": (
        "%(count)s precio cambiado.", "%(count)s de precios cambiados.",
        "%(count)s precios cambiados.",
    ),
    "%(count)s alert queued.": (
        "%(count)s alerta en cola.", "%(count)s de alertas en cola.",
        "%(count)s alertas en cola.",
    ),
    "The price list is valid and nothing changed.": "La lista de precios es válida y nada cambió.",
    "Price list from %(source)s refused": "Lista de precios de %(source)s rechazada",
    "Nothing changed: the last good prices stay in force and nobody was alerted.":
        "Nada cambió: siguen vigentes los últimos precios válidos y no se avisó a nadie.",
    "The source could not be read.": "No se pudo leer la fuente.",
    "The document is too large.": "El documento es demasiado grande.",
    "The document is not a valid price list (JSON or TOML: GPU id → price).":
        "El documento no es una lista de precios válida (JSON o TOML: id de GPU → precio).",
    "The price list is empty.": "La lista de precios está vacía.",
    "Unknown GPU “%(gpu)s”.": "GPU desconocida «%(gpu)s».",
    "%(gpu)s: “%(value)s” is not a number.": "%(gpu)s: «%(value)s» no es un número.",
    "%(gpu)s: “%(value)s” is not a positive price.":
        "%(gpu)s: «%(value)s» no es un precio positivo.",
    "%(gpu)s: “%(value)s” has more than six decimals.":
        "%(gpu)s: «%(value)s» tiene más de seis decimales.",
    "%(gpu)s: “%(value)s” is implausibly high.": "%(gpu)s: «%(value)s» es inverosímilmente alto.",
    "%(gpu)s: %(old)s → %(new)s is a jump of %(pct)s, over the %(limit)s limit.":
        "%(gpu)s: %(old)s → %(new)s es un salto del %(pct)s, por encima del límite del %(limit)s.",
    "… and %(count)s more problem.": (
        "… y %(count)s problema más.", "… y %(count)s de problemas más.",
        "… y %(count)s problemas más.",
    ),
    "How to set a price alert:": "Cómo crear una alerta de precio:",
    "every price change": "cada cambio de precio",
    "when it drops below $2 per hour": "cuando baje de 2 $ por hora",
    "when it rises above $3 per hour": "cuando suba de 3 $ por hora",
    "when it moves by 10 % or more": "cuando varíe un 10 % o más",
    "your alerts": "tus alertas",
    "stop them": "detenerlas",
    "Which GPU should I watch? For example: alert me when the H100 drops below $2.":
        "¿Qué GPU vigilo? Por ejemplo: avísame cuando la H100 baje de 2 $.",
    "The price must be a positive number of dollars per hour, for example 2 or 2.50.":
        "El precio debe ser un número positivo de dólares por hora, por ejemplo 2 o 2.50.",
    "The percentage must be between 0.1 % and 100 %, for example 10%.":
        "El porcentaje debe estar entre 0,1 % y 100 %, por ejemplo 10%.",
    "You already have %(limit)s alerts, the most I keep per person. Remove some with /alerts.":
        "Ya tienes %(limit)s alertas, el máximo por persona. Elimina alguna con /alerts.",
    "Only the service's administrators can do that.":
        "Solo los administradores del servicio pueden hacer eso.",
    "Usage: /setprice h100 2.10 (add “force” to accept a jump beyond the limit).":
        "Uso: /setprice h100 2.10 (añade «force» para aceptar un salto por encima del límite).",
    "Usage: /history h100": "Uso: /history h100",
    "The %(gpu)s has no published price yet.": "La %(gpu)s aún no tiene precio publicado.",
    "%(gpu)s price history": "Historial de precios de la %(gpu)s",
    "Now: %(now)s.": "Ahora: %(now)s.",
    "%(count)s price recorded since %(since)s.": (
        "%(count)s precio registrado desde el %(since)s.",
        "%(count)s de precios registrados desde el %(since)s.",
        "%(count)s precios registrados desde el %(since)s.",
    ),
    "Your price alerts": "Tus alertas de precio",
    "Tap a button to remove an alert.": "Pulsa un botón para eliminar una alerta.",
    "You have no price alerts.": "No tienes alertas de precio.",
    "Examples: /alert h100 (every change), /alert h100 below 2, /alert h200 above 3.5, "
    "/alert b200 10%":
        "Ejemplos: /alert h100 (cada cambio), /alert h100 bajo 2, /alert h200 sobre 3.5, "
        "/alert b200 10%",
    "%(gpu)s drops below %(limit)s": "%(gpu)s baja de %(limit)s",
    "%(gpu)s rises above %(limit)s": "%(gpu)s sube de %(limit)s",
    "%(gpu)s moves by %(pct)s or more": "%(gpu)s varía un %(pct)s o más",
    "%(gpu)s: every price change": "%(gpu)s: cada cambio de precio",
    "%(gpu)s: the price is now published, %(new)s.":
        "%(gpu)s: ya tiene precio publicado, %(new)s.",
    "%(gpu)s price down: %(old)s → %(new)s": "La %(gpu)s baja de precio: %(old)s → %(new)s",
    "%(gpu)s price up: %(old)s → %(new)s": "La %(gpu)s sube de precio: %(old)s → %(new)s",
    "It is now below your %(limit)s threshold.": "Ahora está por debajo de tu umbral de %(limit)s.",
    "It is now above your %(limit)s threshold.": "Ahora está por encima de tu umbral de %(limit)s.",
    "It moved %(moved)s since %(since)s, the last price I told you about (your alert: "
    "%(limit)s).":
        "Ha variado un %(moved)s desde %(since)s, el último precio que te comuniqué (tu "
        "alerta: %(limit)s).",
    "See or stop your alerts with /alerts.": "Consulta o detén tus alertas con /alerts.",
    "Alert set: %(what)s.": "Alerta creada: %(what)s.",
    "You already have this alert: %(what)s.": "Ya tienes esta alerta: %(what)s.",
    "It is already below %(limit)s: I will tell you when it drops below it again, after "
    "rising back.":
        "Ya está por debajo de %(limit)s: te avisaré cuando vuelva a bajar de ese precio, "
        "después de haber subido.",
    "It is already above %(limit)s: I will tell you when it rises above it again, after "
    "falling back.":
        "Ya está por encima de %(limit)s: te avisaré cuando vuelva a superar ese precio, "
        "después de haber bajado.",
    "No matching alert: nothing removed. /alerts lists yours.":
        "Ninguna alerta coincide: no se eliminó nada. /alerts muestra las tuyas.",
    "Removed %(count)s alert for the %(gpu)s.": (
        "Eliminada %(count)s alerta de la %(gpu)s.",
        "Eliminadas %(count)s de alertas de la %(gpu)s.",
        "Eliminadas %(count)s alertas de la %(gpu)s.",
    ),
    "Removed %(count)s alert.": (
        "Eliminada %(count)s alerta.", "Eliminadas %(count)s de alertas.",
        "Eliminadas %(count)s alertas.",
    ),
}

FR: dict[str, T] = {
    "now %(price)s/hour": "actuellement %(price)s/heure",
    "%(gpu)s price per GPU-hour": "Prix du %(gpu)s par GPU-heure",
    "Alert removed.": "Alerte supprimée.",
    "That alert was already removed.": "Cette alerte était déjà supprimée.",
    "%(count)s price changed.": (
        "%(count)s prix modifié.", "%(count)s de prix modifiés.", "%(count)s prix modifiés.",
    ),
    "%(count)s alert queued.": (
        "%(count)s alerte en file d’attente.", "%(count)s d’alertes en file d’attente.",
        "%(count)s alertes en file d’attente.",
    ),
    "The price list is valid and nothing changed.":
        "La liste de prix est valide et rien n’a changé.",
    "Price list from %(source)s refused": "Liste de prix de %(source)s refusée",
    "Nothing changed: the last good prices stay in force and nobody was alerted.":
        "Rien n’a changé : les derniers prix valides restent en vigueur et personne n’a été "
        "alerté.",
    "The source could not be read.": "La source n’a pas pu être lue.",
    "The document is too large.": "Le document est trop volumineux.",
    "The document is not a valid price list (JSON or TOML: GPU id → price).":
        "Le document n’est pas une liste de prix valide (JSON ou TOML : id du GPU → prix).",
    "The price list is empty.": "La liste de prix est vide.",
    "Unknown GPU “%(gpu)s”.": "GPU inconnu « %(gpu)s ».",
    "%(gpu)s: “%(value)s” is not a number.": "%(gpu)s : « %(value)s » n’est pas un nombre.",
    "%(gpu)s: “%(value)s” is not a positive price.":
        "%(gpu)s : « %(value)s » n’est pas un prix positif.",
    "%(gpu)s: “%(value)s” has more than six decimals.":
        "%(gpu)s : « %(value)s » a plus de six décimales.",
    "%(gpu)s: “%(value)s” is implausibly high.":
        "%(gpu)s : « %(value)s » est invraisemblablement élevé.",
    "%(gpu)s: %(old)s → %(new)s is a jump of %(pct)s, over the %(limit)s limit.":
        "%(gpu)s : %(old)s → %(new)s est un saut de %(pct)s, au-delà de la limite de "
        "%(limit)s.",
    "… and %(count)s more problem.": (
        "… et %(count)s autre problème.", "… et %(count)s d’autres problèmes.",
        "… et %(count)s autres problèmes.",
    ),
    "How to set a price alert:": "Comment créer une alerte de prix :",
    "every price change": "chaque changement de prix",
    "when it drops below $2 per hour": "quand il passe sous 2 $ de l’heure",
    "when it rises above $3 per hour": "quand il dépasse 3 $ de l’heure",
    "when it moves by 10 % or more": "quand il varie de 10 % ou plus",
    "your alerts": "vos alertes",
    "stop them": "les arrêter",
    "Which GPU should I watch? For example: alert me when the H100 drops below $2.":
        "Quel GPU dois-je surveiller ? Par exemple : préviens-moi quand le H100 passe sous 2 $.",
    "The price must be a positive number of dollars per hour, for example 2 or 2.50.":
        "Le prix doit être un nombre positif de dollars par heure, par exemple 2 ou 2.50.",
    "The percentage must be between 0.1 % and 100 %, for example 10%.":
        "Le pourcentage doit être compris entre 0,1 % et 100 %, par exemple 10%.",
    "You already have %(limit)s alerts, the most I keep per person. Remove some with /alerts.":
        "Vous avez déjà %(limit)s alertes, le maximum par personne. Supprimez-en avec /alerts.",
    "Only the service's administrators can do that.":
        "Seuls les administrateurs du service peuvent faire cela.",
    "Usage: /setprice h100 2.10 (add “force” to accept a jump beyond the limit).":
        "Utilisation : /setprice h100 2.10 (ajoutez « force » pour accepter un saut au-delà "
        "de la limite).",
    "Usage: /history h100": "Utilisation : /history h100",
    "The %(gpu)s has no published price yet.": "Le %(gpu)s n’a pas encore de prix publié.",
    "%(gpu)s price history": "Historique des prix du %(gpu)s",
    "Now: %(now)s.": "Actuellement : %(now)s.",
    "%(count)s price recorded since %(since)s.": (
        "%(count)s prix enregistré depuis le %(since)s.",
        "%(count)s de prix enregistrés depuis le %(since)s.",
        "%(count)s prix enregistrés depuis le %(since)s.",
    ),
    "Your price alerts": "Vos alertes de prix",
    "Tap a button to remove an alert.": "Touchez un bouton pour supprimer une alerte.",
    "You have no price alerts.": "Vous n’avez aucune alerte de prix.",
    "Examples: /alert h100 (every change), /alert h100 below 2, /alert h200 above 3.5, "
    "/alert b200 10%":
        "Exemples : /alert h100 (chaque changement), /alert h100 sous 2, /alert h200 dessus "
        "3.5, /alert b200 10%",
    "%(gpu)s drops below %(limit)s": "%(gpu)s passe sous %(limit)s",
    "%(gpu)s rises above %(limit)s": "%(gpu)s dépasse %(limit)s",
    "%(gpu)s moves by %(pct)s or more": "%(gpu)s varie de %(pct)s ou plus",
    "%(gpu)s: every price change": "%(gpu)s : chaque changement de prix",
    "%(gpu)s: the price is now published, %(new)s.":
        "%(gpu)s : le prix est désormais publié, %(new)s.",
    "%(gpu)s price down: %(old)s → %(new)s": "Baisse du prix du %(gpu)s : %(old)s → %(new)s",
    "%(gpu)s price up: %(old)s → %(new)s": "Hausse du prix du %(gpu)s : %(old)s → %(new)s",
    "It is now below your %(limit)s threshold.":
        "Il est maintenant sous votre seuil de %(limit)s.",
    "It is now above your %(limit)s threshold.":
        "Il est maintenant au-dessus de votre seuil de %(limit)s.",
    "It moved %(moved)s since %(since)s, the last price I told you about (your alert: "
    "%(limit)s).":
        "Il a varié de %(moved)s depuis %(since)s, le dernier prix que je vous ai indiqué "
        "(votre alerte : %(limit)s).",
    "See or stop your alerts with /alerts.": "Consultez ou arrêtez vos alertes avec /alerts.",
    "Alert set: %(what)s.": "Alerte créée : %(what)s.",
    "You already have this alert: %(what)s.": "Vous avez déjà cette alerte : %(what)s.",
    "It is already below %(limit)s: I will tell you when it drops below it again, after "
    "rising back.":
        "Il est déjà sous %(limit)s : je vous préviendrai quand il repassera dessous, après "
        "être remonté.",
    "It is already above %(limit)s: I will tell you when it rises above it again, after "
    "falling back.":
        "Il est déjà au-dessus de %(limit)s : je vous préviendrai quand il le dépassera de "
        "nouveau, après être redescendu.",
    "No matching alert: nothing removed. /alerts lists yours.":
        "Aucune alerte ne correspond : rien n’a été supprimé. /alerts affiche les vôtres.",
    "Removed %(count)s alert for the %(gpu)s.": (
        "%(count)s alerte supprimée pour le %(gpu)s.",
        "%(count)s d’alertes supprimées pour le %(gpu)s.",
        "%(count)s alertes supprimées pour le %(gpu)s.",
    ),
    "Removed %(count)s alert.": (
        "%(count)s alerte supprimée.", "%(count)s d’alertes supprimées.",
        "%(count)s alertes supprimées.",
    ),
}

TRANSLATIONS = {"es": ES, "fr": FR}


def merge(locales_dir: Path = ROOT / "locales") -> list[str]:
    """Fills empty alert entries in each .po; returns what was filled."""
    filled: list[str] = []
    for locale, table in TRANSLATIONS.items():
        path = locales_dir / locale / "LC_MESSAGES" / "messages.po"
        with open(path, "rb") as fh:
            catalog = read_po(fh, locale=locale)
        for message in catalog:
            key = message.id if isinstance(message.id, str) else message.id[0]
            if not key or key not in table:
                continue
            current = message.string if isinstance(message.string, tuple) else (message.string,)
            if any(current):
                continue
            wanted = table[key]
            message.string = wanted if isinstance(message.id, tuple) else str(wanted)
            filled.append(f"{locale}: {key}")
        with open(path, "wb") as fh:
            write_po(fh, catalog, no_location=True, sort_output=True, width=100,
                     omit_header=False)
    return filled


if __name__ == "__main__":
    done = merge()
    print("\n".join(done) or "nothing to fill")
    sys.exit(0)
